package io.tern.buffer.internal.pool;

/** What a test allocation received: a plain record of {@link PoolTarget#bind}'s arguments. */
final class Region<T> implements PoolTarget<T> {
  PoolChunk<T> chunk;
  long handle;
  T memory;
  int offset;
  int length;
  int maxLength;
  PoolThreadCache<T> cache;

  @Override
  public void bind(
      PoolChunk<T> chunk,
      long handle,
      T memory,
      int offset,
      int length,
      int maxLength,
      PoolThreadCache<T> cache) {
    this.chunk = chunk;
    this.handle = handle;
    this.memory = memory;
    this.offset = offset;
    this.length = length;
    this.maxLength = maxLength;
    this.cache = cache;
  }

  void free() {
    chunk.arena.free(chunk, handle, maxLength, cache);
  }

  static PoolConfig config(int heapArenas, int directArenas) {
    return new PoolConfig(
        8192, 4 << 20, heapArenas, directArenas, 256, 64, 32 * 1024, 8192, false, 64, 0);
  }

  static Region<byte[]> heap(PoolEngine engine, int size) {
    Region<byte[]> r = new Region<>();
    engine.allocateHeap(r, size);
    return r;
  }
}

package io.tern.buffer.internal.pool;

/** An arena whose chunks are {@code byte[]}s, reclaimed by the garbage collector once dropped. */
final class HeapArena extends PoolArena<byte[]> {
  HeapArena(PoolEngine engine, int index) {
    super(engine, index);
  }

  @Override
  public boolean isDirect() {
    return false;
  }

  @Override
  byte[] newChunkMemory(int size) {
    return new byte[size];
  }

  @Override
  void freeChunkMemory(byte[] memory) {
    // The garbage collector reclaims it once no buffer refers to it.
  }
}

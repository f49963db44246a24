package io.tern.buffer.internal.pool;

import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.internal.ArrayByteBuf;

/**
 * A heap buffer over a region of a pooled {@code byte[]} chunk.
 *
 * <p>The last release returns the region to the pool (the releasing thread's cache if it is the
 * allocating thread, else the arena) and the object itself to the allocating thread's cache of
 * spare buffer objects; the next allocation on that thread rebinds it, resetting every field
 * (indexes, capacities, reference count, region). Same threading rules as any {@code ByteBuf}.
 */
public final class PooledHeapByteBuf extends ArrayByteBuf implements PoolTarget<byte[]> {
  private final ByteBufAllocator alloc;
  private final PoolEngine engine;
  private PoolChunk<byte[]> chunk;
  private long handle;
  private int maxLength;
  private PoolThreadCache<byte[]> cache;
  private int pendingMaxCapacity;
  private boolean reallocating;

  private PooledHeapByteBuf(ByteBufAllocator alloc, PoolEngine engine) {
    super(EMPTY, 0, 0, 0);
    this.alloc = alloc;
    this.engine = engine;
  }

  /**
   * Allocates a pooled heap buffer on the calling thread's arena.
   *
   * @param alloc the allocator the buffer reports
   * @param engine the pool
   * @param initialCapacity the capacity
   * @param maxCapacity the largest capacity
   * @return a buffer with reference count 1
   */
  public static PooledHeapByteBuf allocate(
      ByteBufAllocator alloc, PoolEngine engine, int initialCapacity, int maxCapacity) {
    PoolThreadCache<byte[]> cache = engine.currentHeapCache();
    PooledHeapByteBuf buf = cache == null ? null : (PooledHeapByteBuf) cache.pollBuffer();
    if (buf == null || buf.alloc != alloc) {
      buf = new PooledHeapByteBuf(alloc, engine);
    }
    buf.pendingMaxCapacity = maxCapacity;
    engine.heapArena(cache).allocate(cache, buf, initialCapacity);
    return buf;
  }

  @Override
  public void bind(
      PoolChunk<byte[]> chunk,
      long handle,
      byte[] memory,
      int offset,
      int length,
      int maxLength,
      PoolThreadCache<byte[]> cache) {
    this.chunk = chunk;
    this.handle = handle;
    this.maxLength = maxLength;
    this.cache = cache;
    if (reallocating) {
      this.array = memory;
      this.offset = offset;
    } else {
      init(memory, offset, length, pendingMaxCapacity);
    }
  }

  @Override
  public ByteBufAllocator alloc() {
    return alloc;
  }

  @Override
  protected void adjustCapacity(int newCapacity) {
    if (newCapacity <= maxLength && !chunk.unpooled) {
      updateCapacity(newCapacity);
      return;
    }
    PoolChunk<byte[]> oldChunk = chunk;
    long oldHandle = handle;
    int oldMaxLength = maxLength;
    PoolThreadCache<byte[]> oldCache = cache;
    byte[] oldArray = array;
    int oldOffset = offset;
    PoolThreadCache<byte[]> current = engine.currentHeapCache();
    reallocating = true;
    try {
      engine.heapArena(current).allocate(current, this, newCapacity);
    } finally {
      reallocating = false;
    }
    System.arraycopy(oldArray, oldOffset, array, offset, Math.min(capacity(), newCapacity));
    oldChunk.arena.free(oldChunk, oldHandle, oldMaxLength, oldCache);
    updateCapacity(newCapacity);
  }

  @Override
  protected void deallocate() {
    PoolChunk<byte[]> c = chunk;
    PoolThreadCache<byte[]> owner = cache;
    long h = handle;
    int m = maxLength;
    chunk = null;
    cache = null;
    handle = 0;
    maxLength = 0;
    array = EMPTY;
    offset = 0;
    c.arena.free(c, h, m, owner);
    if (owner != null) {
      owner.recycleBuffer(this);
    }
  }

  /** The normalised size of the region (for tests). */
  int maxLength() {
    return maxLength;
  }

  // Forwarders that make this final class the holder of the core, so that C2 guards an inlined
  // accessor with one class-word compare (see ArrayByteBuf).

  @Override
  protected long load(int index, int width, boolean bigEndian) {
    return super.load(index, width, bigEndian);
  }

  @Override
  protected void store(int index, int width, long value, boolean bigEndian) {
    super.store(index, width, value, bigEndian);
  }
}

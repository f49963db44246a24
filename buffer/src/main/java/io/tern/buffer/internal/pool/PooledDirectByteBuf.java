package io.tern.buffer.internal.pool;

import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.internal.SegmentByteBuf;
import java.lang.foreign.MemorySegment;

/**
 * A native buffer over a region of a pooled native chunk.
 *
 * <p>The last release returns the region to the pool (the releasing thread's cache if it is the
 * allocating thread, else the arena) and the object itself to the allocating thread's cache of
 * spare buffer objects; the next allocation on that thread rebinds it, resetting every field
 * (indexes, capacities, reference count, region). Same threading rules as any {@code ByteBuf}.
 */
public final class PooledDirectByteBuf extends SegmentByteBuf implements PoolTarget<MemorySegment> {
  private final ByteBufAllocator alloc;
  private final PoolEngine engine;
  private PoolChunk<MemorySegment> chunk;
  private long handle;
  private int maxLength;
  private PoolThreadCache<MemorySegment> cache;
  private int pendingMaxCapacity;
  private boolean reallocating;

  private PooledDirectByteBuf(ByteBufAllocator alloc, PoolEngine engine) {
    super(MemorySegment.NULL, 0, 0, 0, true);
    this.alloc = alloc;
    this.engine = engine;
  }

  /**
   * Allocates a pooled direct buffer on the calling thread's arena.
   *
   * @param alloc the allocator the buffer reports
   * @param engine the pool
   * @param initialCapacity the capacity
   * @param maxCapacity the largest capacity
   * @return a buffer with reference count 1
   */
  public static PooledDirectByteBuf allocate(
      ByteBufAllocator alloc, PoolEngine engine, int initialCapacity, int maxCapacity) {
    PoolThreadCache<MemorySegment> cache = engine.currentDirectCache();
    PooledDirectByteBuf buf = cache == null ? null : (PooledDirectByteBuf) cache.pollBuffer();
    if (buf == null || buf.alloc != alloc) {
      buf = new PooledDirectByteBuf(alloc, engine);
    }
    buf.pendingMaxCapacity = maxCapacity;
    engine.directArena(cache).allocate(cache, buf, initialCapacity);
    return buf;
  }

  @Override
  public void bind(
      PoolChunk<MemorySegment> chunk,
      long handle,
      MemorySegment memory,
      int offset,
      int length,
      int maxLength,
      PoolThreadCache<MemorySegment> cache) {
    this.chunk = chunk;
    this.handle = handle;
    this.maxLength = maxLength;
    this.cache = cache;
    if (reallocating) {
      bind(memory, offset, true);
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
    PoolChunk<MemorySegment> oldChunk = chunk;
    long oldHandle = handle;
    int oldMaxLength = maxLength;
    PoolThreadCache<MemorySegment> oldCache = cache;
    MemorySegment oldMemory = memory;
    long oldOffset = offset;
    PoolThreadCache<MemorySegment> current = engine.currentDirectCache();
    reallocating = true;
    try {
      engine.directArena(current).allocate(current, this, newCapacity);
    } finally {
      reallocating = false;
    }
    MemorySegment.copy(oldMemory, oldOffset, memory, offset, Math.min(capacity(), newCapacity));
    oldChunk.arena.free(oldChunk, oldHandle, oldMaxLength, oldCache);
    updateCapacity(newCapacity);
  }

  @Override
  protected void deallocate() {
    PoolChunk<MemorySegment> c = chunk;
    PoolThreadCache<MemorySegment> owner = cache;
    long h = handle;
    int m = maxLength;
    chunk = null;
    cache = null;
    handle = 0;
    maxLength = 0;
    unbind();
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
  // accessor with one class-word compare (see SegmentByteBuf).

  @Override
  protected long load(int index, int width, boolean bigEndian) {
    return super.load(index, width, bigEndian);
  }

  @Override
  protected void store(int index, int width, long value, boolean bigEndian) {
    super.store(index, width, value, bigEndian);
  }
}

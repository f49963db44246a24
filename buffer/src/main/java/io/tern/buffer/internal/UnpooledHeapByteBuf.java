package io.tern.buffer.internal;

import io.tern.buffer.ByteBufAllocator;

/** A heap buffer owning its own {@code byte[]} (or wrapping a caller's array); release drops it. */
public final class UnpooledHeapByteBuf extends ArrayByteBuf {
  private final ByteBufAllocator alloc;

  /** Allocates a zeroed array of {@code initialCapacity} bytes. */
  public UnpooledHeapByteBuf(ByteBufAllocator alloc, int initialCapacity, int maxCapacity) {
    this(alloc, new byte[initialCapacity], 0, initialCapacity, maxCapacity);
  }

  /** Wraps {@code length} bytes of {@code array} at {@code offset} without copying. */
  public UnpooledHeapByteBuf(
      ByteBufAllocator alloc, byte[] array, int offset, int length, int maxCapacity) {
    super(array, offset, length, maxCapacity);
    this.alloc = alloc;
  }

  @Override
  public ByteBufAllocator alloc() {
    return alloc;
  }

  @Override
  protected void adjustCapacity(int newCapacity) {
    byte[] bigger = new byte[newCapacity];
    System.arraycopy(array, offset, bigger, 0, Math.min(newCapacity, capacity()));
    array = bigger;
    offset = 0;
    updateCapacity(newCapacity);
  }

  @Override
  protected void deallocate() {
    array = EMPTY;
    offset = 0;
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

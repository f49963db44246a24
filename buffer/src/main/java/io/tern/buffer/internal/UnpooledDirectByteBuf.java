package io.tern.buffer.internal;

import io.tern.buffer.ByteBufAllocator;
import java.lang.foreign.MemorySegment;

/**
 * A native buffer owning memory from {@link NativeMemory}, freed on the last release. (A writable
 * direct {@code ByteBuffer} someone else owns is wrapped by {@link ByteBufferByteBuf}.)
 */
public final class UnpooledDirectByteBuf extends SegmentByteBuf {
  private final ByteBufAllocator alloc;

  /** Allocates {@code initialCapacity} zeroed bytes of native memory. */
  public UnpooledDirectByteBuf(ByteBufAllocator alloc, int initialCapacity, int maxCapacity) {
    super(NativeMemory.allocate(initialCapacity), 0, initialCapacity, maxCapacity, true);
    this.alloc = alloc;
  }

  @Override
  public ByteBufAllocator alloc() {
    return alloc;
  }

  @Override
  protected void adjustCapacity(int newCapacity) {
    MemorySegment old = memory;
    MemorySegment bigger = NativeMemory.allocate(newCapacity);
    MemorySegment.copy(old, offset, bigger, 0, Math.min(newCapacity, capacity()));
    bind(bigger, 0, true);
    NativeMemory.free(old);
    updateCapacity(newCapacity);
  }

  @Override
  protected void deallocate() {
    MemorySegment old = memory;
    unbind();
    NativeMemory.free(old);
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

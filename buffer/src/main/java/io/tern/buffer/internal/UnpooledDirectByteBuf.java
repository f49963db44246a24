package io.tern.buffer.internal;

import io.tern.buffer.ByteBufAllocator;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * A native buffer owning memory from {@link NativeMemory} (freed on the last release), or wrapping
 * a writable direct {@link ByteBuffer} it does not own.
 */
public final class UnpooledDirectByteBuf extends SegmentByteBuf {
  private final ByteBufAllocator alloc;
  private boolean owned;

  // Keeps a wrapped ByteBuffer reachable while its memory is in use.
  @SuppressWarnings({"unused", "UnusedVariable"})
  private ByteBuffer wrapped;

  /** Allocates {@code initialCapacity} zeroed bytes of native memory. */
  public UnpooledDirectByteBuf(ByteBufAllocator alloc, int initialCapacity, int maxCapacity) {
    super(NativeMemory.allocate(initialCapacity), 0, initialCapacity, maxCapacity);
    this.alloc = alloc;
    this.owned = true;
  }

  /** Wraps the remaining bytes of a writable direct buffer without copying. */
  public UnpooledDirectByteBuf(ByteBufAllocator alloc, ByteBuffer buffer) {
    super(MemorySegment.ofBuffer(buffer), 0, buffer.remaining(), Math.max(buffer.remaining(), 0));
    this.alloc = alloc;
    this.wrapped = buffer;
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
    memory = bigger;
    offset = 0;
    if (owned) {
      NativeMemory.free(old);
    }
    owned = true;
    wrapped = null;
    updateCapacity(newCapacity);
  }

  @Override
  protected void deallocate() {
    MemorySegment old = memory;
    memory = MemorySegment.NULL;
    wrapped = null;
    if (owned) {
      NativeMemory.free(old);
    }
  }
}

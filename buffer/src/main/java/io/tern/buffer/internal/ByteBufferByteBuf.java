package io.tern.buffer.internal;

import io.tern.buffer.ByteBufAllocator;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;

/**
 * A view of the remaining bytes of a NIO {@link ByteBuffer} the buffer does not own: a read-only
 * one (heap or direct) or a writable direct one. The source's position and limit are never touched.
 * Release drops the reference; the memory belongs to the {@code ByteBuffer} and is freed by whoever
 * owns that (the GC for {@code ByteBuffer.allocateDirect}).
 *
 * <p>Because the GC, not this buffer, decides when that memory goes away, primitives go through the
 * {@code ByteBuffer}'s own segment and its checks rather than a raw address (see {@link
 * SegmentByteBuf}). The capacity cannot exceed the {@code ByteBuffer}'s remaining bytes.
 */
public final class ByteBufferByteBuf extends SegmentByteBuf {
  private final ByteBufAllocator alloc;
  private final boolean readOnly;

  /**
   * Views the remaining bytes of {@code buffer}, all readable.
   *
   * @param alloc the allocator copies use
   * @param buffer read-only, or writable and direct
   */
  public ByteBufferByteBuf(ByteBufAllocator alloc, ByteBuffer buffer) {
    super(segment(buffer), 0, buffer.remaining(), buffer.remaining(), false);
    this.alloc = alloc;
    this.readOnly = buffer.isReadOnly();
    setIndex(0, buffer.remaining());
  }

  private static MemorySegment segment(ByteBuffer buffer) {
    MemorySegment segment = MemorySegment.ofBuffer(buffer);
    return buffer.isReadOnly() ? segment.asReadOnly() : segment;
  }

  @Override
  public ByteBufAllocator alloc() {
    return alloc;
  }

  @Override
  public boolean isReadOnly() {
    return readOnly;
  }

  private void checkWritable() {
    if (readOnly) {
      ensureAccessible(); // a released buffer reports that first, like every other access
      throw new ReadOnlyBufferException();
    }
  }

  @Override
  protected long load(int index, int width, boolean bigEndian) {
    return loadFromMemory(index, width, bigEndian);
  }

  @Override
  protected void store(int index, int width, long value, boolean bigEndian) {
    checkWritable();
    storeToMemory(index, width, value, bigEndian);
  }

  @Override
  protected void copyFrom(int index, byte[] src, int srcIndex, int length) {
    checkWritable();
    super.copyFrom(index, src, srcIndex, length);
  }

  @Override
  protected void copyFrom(int index, MemorySegment src, long srcOffset, int length) {
    checkWritable();
    super.copyFrom(index, src, srcOffset, length);
  }

  /** The memory covers {@code maxCapacity()} bytes, so any capacity up to it is a view of it. */
  @Override
  protected void adjustCapacity(int newCapacity) {
    checkWritable();
    updateCapacity(newCapacity);
  }

  @Override
  protected void deallocate() {
    unbind();
  }
}

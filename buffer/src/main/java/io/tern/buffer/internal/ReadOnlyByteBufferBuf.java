package io.tern.buffer.internal;

import io.tern.buffer.ByteBufAllocator;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;

/**
 * A read-only view of the remaining bytes of a NIO {@link ByteBuffer} (heap or direct); the
 * source's position and limit are never touched. Release drops the reference; the memory belongs to
 * the {@code ByteBuffer}.
 */
public final class ReadOnlyByteBufferBuf extends SegmentByteBuf {
  private final ByteBufAllocator alloc;

  public ReadOnlyByteBufferBuf(ByteBufAllocator alloc, ByteBuffer buffer) {
    super(MemorySegment.ofBuffer(buffer).asReadOnly(), 0, buffer.remaining(), buffer.remaining());
    this.alloc = alloc;
    setIndex(0, buffer.remaining());
  }

  @Override
  public ByteBufAllocator alloc() {
    return alloc;
  }

  @Override
  public boolean isReadOnly() {
    return true;
  }

  @Override
  protected void storeByte(int index, byte value) {
    throw new ReadOnlyBufferException();
  }

  @Override
  protected void storeShort(int index, short value, boolean bigEndian) {
    throw new ReadOnlyBufferException();
  }

  @Override
  protected void storeInt(int index, int value, boolean bigEndian) {
    throw new ReadOnlyBufferException();
  }

  @Override
  protected void storeLong(int index, long value, boolean bigEndian) {
    throw new ReadOnlyBufferException();
  }

  @Override
  protected void copyFrom(int index, byte[] src, int srcIndex, int length) {
    throw new ReadOnlyBufferException();
  }

  @Override
  protected void copyFrom(int index, MemorySegment src, long srcOffset, int length) {
    throw new ReadOnlyBufferException();
  }

  @Override
  protected void adjustCapacity(int newCapacity) {
    throw new ReadOnlyBufferException();
  }

  @Override
  protected void deallocate() {
    memory = MemorySegment.NULL;
  }
}

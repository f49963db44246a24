package io.tern.buffer.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteProcessor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * The buffer core over a {@link MemorySegment}: {@code capacity} bytes of {@code memory} starting
 * at {@code offset}. Primitives go through one unaligned value layout per width and byte order.
 *
 * <p>Subclasses decide where the segment comes from and what release does ({@link
 * UnpooledDirectByteBuf} frees it; a pooled buffer returns its region to the pool) and use {@link
 * #init} to (re)bind the memory. On release they should set {@link #memory} to {@link
 * MemorySegment#NULL} so that a use-after-release with checks disabled fails a bounds check instead
 * of touching freed memory.
 */
public abstract class SegmentByteBuf extends ByteBuf {
  private static final ValueLayout.OfShort SHORT_BE =
      ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
  private static final ValueLayout.OfShort SHORT_LE =
      ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final ValueLayout.OfInt INT_BE =
      ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
  private static final ValueLayout.OfInt INT_LE =
      ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  private static final ValueLayout.OfLong LONG_BE =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
  private static final ValueLayout.OfLong LONG_LE =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  /** The memory. */
  protected MemorySegment memory;

  /** Where index 0 of this buffer is in {@link #memory}. */
  protected long offset;

  protected SegmentByteBuf(MemorySegment memory, long offset, int capacity, int maxCapacity) {
    super(capacity, maxCapacity);
    this.memory = memory;
    this.offset = offset;
  }

  /** Binds new memory and resets the buffer for reuse (pooled implementations). */
  protected final void init(MemorySegment memory, long offset, int capacity, int maxCapacity) {
    this.memory = memory;
    this.offset = offset;
    reuse(capacity, maxCapacity);
  }

  @Override
  protected final byte loadByte(int index) {
    return memory.get(ValueLayout.JAVA_BYTE, offset + index);
  }

  @Override
  protected void storeByte(int index, byte value) {
    memory.set(ValueLayout.JAVA_BYTE, offset + index, value);
  }

  @Override
  protected final short loadShort(int index, boolean bigEndian) {
    return memory.get(bigEndian ? SHORT_BE : SHORT_LE, offset + index);
  }

  @Override
  protected void storeShort(int index, short value, boolean bigEndian) {
    memory.set(bigEndian ? SHORT_BE : SHORT_LE, offset + index, value);
  }

  @Override
  protected final int loadInt(int index, boolean bigEndian) {
    return memory.get(bigEndian ? INT_BE : INT_LE, offset + index);
  }

  @Override
  protected void storeInt(int index, int value, boolean bigEndian) {
    memory.set(bigEndian ? INT_BE : INT_LE, offset + index, value);
  }

  @Override
  protected final long loadLong(int index, boolean bigEndian) {
    return memory.get(bigEndian ? LONG_BE : LONG_LE, offset + index);
  }

  @Override
  protected void storeLong(int index, long value, boolean bigEndian) {
    memory.set(bigEndian ? LONG_BE : LONG_LE, offset + index, value);
  }

  @Override
  protected final void copyTo(int index, byte[] dst, int dstIndex, int length) {
    MemorySegment.copy(memory, ValueLayout.JAVA_BYTE, offset + index, dst, dstIndex, length);
  }

  @Override
  protected final void copyTo(int index, MemorySegment dst, long dstOffset, int length) {
    MemorySegment.copy(memory, offset + index, dst, dstOffset, length);
  }

  @Override
  protected void copyFrom(int index, byte[] src, int srcIndex, int length) {
    MemorySegment.copy(src, srcIndex, memory, ValueLayout.JAVA_BYTE, offset + index, length);
  }

  @Override
  protected void copyFrom(int index, MemorySegment src, long srcOffset, int length) {
    MemorySegment.copy(src, srcOffset, memory, offset + index, length);
  }

  @Override
  protected final int scanAsc(int start, int end, ByteProcessor processor) {
    MemorySegment m = memory;
    long off = offset;
    for (int i = start; i < end; i++) {
      if (!processor.process(m.get(ValueLayout.JAVA_BYTE, off + i))) {
        return i;
      }
    }
    return -1;
  }

  @Override
  protected final int scanDesc(int start, int end, ByteProcessor processor) {
    MemorySegment m = memory;
    long off = offset;
    for (int i = end - 1; i >= start; i--) {
      if (!processor.process(m.get(ValueLayout.JAVA_BYTE, off + i))) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public ByteBuffer nioBuffer(int index, int length) {
    ensureAccessible();
    Objects.checkFromIndexSize(index, length, capacity());
    return memory.asSlice(offset + index, length).asByteBuffer();
  }

  @Override
  public boolean hasMemorySegment() {
    return memory.isNative();
  }

  @Override
  public MemorySegment memorySegment() {
    ensureAccessible();
    if (!memory.isNative()) {
      throw new UnsupportedOperationException("heap memory");
    }
    MemorySegment m = memory;
    int capacity = capacity();
    return offset == 0 && m.byteSize() == capacity ? m : m.asSlice(offset, capacity);
  }

  @Override
  public boolean isDirect() {
    return memory.isNative();
  }
}

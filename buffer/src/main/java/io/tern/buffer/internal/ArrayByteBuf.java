package io.tern.buffer.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteProcessor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The buffer core over heap memory: {@code capacity} bytes of {@code array} starting at {@code
 * offset}. Primitives go through one {@code byteArrayViewVarHandle} per width and byte order.
 *
 * <p>The final subclasses re-declare the eight primitive loads and stores as forwarders to these
 * (super calls, no logic): C2 guards the inlined core call of an accessor with a check against the
 * class that declares the core method, and against a final class that check is one class-word
 * compare instead of a primary-supers lookup (4 instructions and a dependent load less per access;
 * see docs/buffers.md).
 *
 * <p>Subclasses decide where the array comes from and what release does ({@link
 * UnpooledHeapByteBuf} drops it; a pooled buffer returns its region to the pool) and use {@link
 * #init} to (re)bind the memory.
 */
public abstract class ArrayByteBuf extends ByteBuf {
  /** The array a released buffer points to, so that stray accesses fail bounds checks. */
  protected static final byte[] EMPTY = new byte[0];

  private static final VarHandle SHORT_BE = view(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle SHORT_LE = view(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_BE = view(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT_LE = view(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_BE = view(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG_LE = view(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** The memory; replaced by an empty array on release so stray accesses fail bounds checks. */
  protected byte[] array;

  /** Where index 0 of this buffer is in {@link #array}. */
  protected int offset;

  protected ArrayByteBuf(byte[] array, int offset, int capacity, int maxCapacity) {
    super(capacity, maxCapacity);
    this.array = array;
    this.offset = offset;
  }

  private static VarHandle view(Class<?> arrayType, ByteOrder order) {
    return MethodHandles.byteArrayViewVarHandle(arrayType, order);
  }

  /** Binds new memory and resets the buffer for reuse (pooled implementations). */
  protected final void init(byte[] array, int offset, int capacity, int maxCapacity) {
    this.array = array;
    this.offset = offset;
    reuse(capacity, maxCapacity);
  }

  @Override
  protected byte loadByte(int index) {
    return array[offset + index];
  }

  @Override
  protected void storeByte(int index, byte value) {
    array[offset + index] = value;
  }

  @Override
  protected short loadShort(int index, boolean bigEndian) {
    return bigEndian
        ? (short) SHORT_BE.get(array, offset + index)
        : (short) SHORT_LE.get(array, offset + index);
  }

  @Override
  protected void storeShort(int index, short value, boolean bigEndian) {
    if (bigEndian) {
      SHORT_BE.set(array, offset + index, value);
    } else {
      SHORT_LE.set(array, offset + index, value);
    }
  }

  @Override
  protected int loadInt(int index, boolean bigEndian) {
    return bigEndian
        ? (int) INT_BE.get(array, offset + index)
        : (int) INT_LE.get(array, offset + index);
  }

  @Override
  protected void storeInt(int index, int value, boolean bigEndian) {
    if (bigEndian) {
      INT_BE.set(array, offset + index, value);
    } else {
      INT_LE.set(array, offset + index, value);
    }
  }

  @Override
  protected long loadLong(int index, boolean bigEndian) {
    return bigEndian
        ? (long) LONG_BE.get(array, offset + index)
        : (long) LONG_LE.get(array, offset + index);
  }

  @Override
  protected void storeLong(int index, long value, boolean bigEndian) {
    if (bigEndian) {
      LONG_BE.set(array, offset + index, value);
    } else {
      LONG_LE.set(array, offset + index, value);
    }
  }

  @Override
  protected final void copyTo(int index, byte[] dst, int dstIndex, int length) {
    System.arraycopy(array, offset + index, dst, dstIndex, length);
  }

  @Override
  protected final void copyTo(int index, MemorySegment dst, long dstOffset, int length) {
    MemorySegment.copy(array, offset + index, dst, ValueLayout.JAVA_BYTE, dstOffset, length);
  }

  @Override
  protected final void copyFrom(int index, byte[] src, int srcIndex, int length) {
    System.arraycopy(src, srcIndex, array, offset + index, length);
  }

  @Override
  protected final void copyFrom(int index, MemorySegment src, long srcOffset, int length) {
    MemorySegment.copy(src, ValueLayout.JAVA_BYTE, srcOffset, array, offset + index, length);
  }

  @Override
  protected final int scanAsc(int start, int end, ByteProcessor processor) {
    byte[] a = array;
    int off = offset;
    if (processor instanceof BulkByteProcessor bulk) {
      return bulk.scan(a, off, start, end);
    }
    for (int i = start + off, e = end + off; i < e; i++) {
      if (!processor.process(a[i])) {
        return i - off;
      }
    }
    return -1;
  }

  @Override
  protected final int scanDesc(int start, int end, ByteProcessor processor) {
    byte[] a = array;
    int off = offset;
    for (int i = end - 1 + off, s = start + off; i >= s; i--) {
      if (!processor.process(a[i])) {
        return i - off;
      }
    }
    return -1;
  }

  @Override
  public final ByteBuffer nioBuffer(int index, int length) {
    checkIndex(index, length);
    return ByteBuffer.wrap(array, offset + index, length).slice();
  }

  @Override
  public final boolean hasArray() {
    return true;
  }

  @Override
  public final byte[] array() {
    ensureAccessible();
    return array;
  }

  @Override
  public final int arrayOffset() {
    return offset;
  }

  @Override
  public final boolean isDirect() {
    return false;
  }
}

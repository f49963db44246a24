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
 * offset}. Primitives go through one {@code byteArrayViewVarHandle} per width and byte order,
 * picked by a switch that the JIT folds (the width and the order are constants at every call).
 *
 * <p>The final subclasses re-declare the primitive load and store as forwarders to these (super
 * calls, no logic): C2 guards the inlined core call of an accessor with a check against the class
 * that declares the core method, and against a final class that check is one class-word compare
 * instead of a primary-supers lookup (4 instructions and a dependent load less per access; see
 * docs/buffers.md).
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
  protected long load(int index, int width, boolean bigEndian) {
    byte[] a = array;
    int i = offset + index;
    return switch (width) {
      case 1 -> a[i];
      case 2 -> bigEndian ? (short) SHORT_BE.get(a, i) : (short) SHORT_LE.get(a, i);
      case 4 -> bigEndian ? (int) INT_BE.get(a, i) : (int) INT_LE.get(a, i);
      default -> bigEndian ? (long) LONG_BE.get(a, i) : (long) LONG_LE.get(a, i);
    };
  }

  @Override
  protected void store(int index, int width, long value, boolean bigEndian) {
    byte[] a = array;
    int i = offset + index;
    switch (width) {
      case 1 -> a[i] = (byte) value;
      case 2 -> {
        if (bigEndian) {
          SHORT_BE.set(a, i, (short) value);
        } else {
          SHORT_LE.set(a, i, (short) value);
        }
      }
      case 4 -> {
        if (bigEndian) {
          INT_BE.set(a, i, (int) value);
        } else {
          INT_LE.set(a, i, (int) value);
        }
      }
      default -> {
        if (bigEndian) {
          LONG_BE.set(a, i, value);
        } else {
          LONG_LE.set(a, i, value);
        }
      }
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

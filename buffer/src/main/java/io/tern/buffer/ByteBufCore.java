package io.tern.buffer;

import io.tern.common.IllegalReferenceCountException;
import io.tern.common.SystemProperties;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Objects;

/**
 * The root of {@link ByteBuf}: its state (indexes, capacity, reference count), the small core every
 * implementation provides, the checks every public method runs before calling that core, and the
 * index and capacity API. Package-private: users see these members on {@link ByteBuf}.
 *
 * <p>The chain below it adds one API group per class ({@code ByteBufAbsoluteAccess}, {@code
 * ByteBufRelativeAccess}, {@code ByteBufTransfers}, {@code ByteBufRelativeTransfers}, then {@link
 * ByteBuf}). It is kept this short on purpose: HotSpot checks {@code instanceof} and casts in
 * constant time only for classes at most 7 levels below {@code Object}; {@code ByteBuf} is at 6, so
 * its implementations (at 7) and their final subclasses still are.
 */
abstract class ByteBufCore {
  /**
   * {@code io.tern.buffer.checkAccessible}: whether every access checks that the buffer was not
   * released (default {@code true}). Turning it off saves a load and a branch per access but lets a
   * use-after-release read stale or freed memory.
   */
  static final boolean CHECK_ACCESSIBLE =
      SystemProperties.getBoolean("io.tern.buffer.checkAccessible", true);

  static final VarHandle REF_CNT;

  static {
    try {
      REF_CNT = MethodHandles.lookup().findVarHandle(ByteBufCore.class, "refCnt", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  // Package-private so the API classes of the chain read and write them directly.
  int readerIndex;
  int writerIndex;
  int capacity;
  int maxCapacity;

  // Plain field read on the access path; changed only through REF_CNT's atomic operations.
  @SuppressWarnings("FieldMayBeFinal")
  int refCnt = 1;

  ByteBufCore(int capacity, int maxCapacity) {
    if (capacity < 0 || capacity > maxCapacity) {
      throw new IllegalArgumentException(
          "capacity: "
              + capacity
              + " (expected: 0 <= capacity <= maxCapacity "
              + maxCapacity
              + ")");
    }
    this.capacity = capacity;
    this.maxCapacity = maxCapacity;
  }

  // ---------------------------------------------------------------------------------------------
  // The core: what an implementation provides. Callers have checked bounds and accessibility.

  /**
   * Loads the byte at {@code index}.
   *
   * @param index a checked index
   * @return the byte
   */
  protected abstract byte loadByte(int index);

  /**
   * Stores a byte at {@code index}.
   *
   * @param index a checked index
   * @param value the byte
   */
  protected abstract void storeByte(int index, byte value);

  /**
   * Loads the short at {@code index} in the given byte order.
   *
   * @param index a checked index
   * @param bigEndian {@code true} for big-endian, {@code false} for little-endian
   * @return the value
   */
  protected abstract short loadShort(int index, boolean bigEndian);

  /**
   * Stores a short at {@code index} in the given byte order.
   *
   * @param index a checked index
   * @param value the value
   * @param bigEndian {@code true} for big-endian, {@code false} for little-endian
   */
  protected abstract void storeShort(int index, short value, boolean bigEndian);

  /**
   * Loads the int at {@code index} in the given byte order.
   *
   * @param index a checked index
   * @param bigEndian {@code true} for big-endian, {@code false} for little-endian
   * @return the value
   */
  protected abstract int loadInt(int index, boolean bigEndian);

  /**
   * Stores an int at {@code index} in the given byte order.
   *
   * @param index a checked index
   * @param value the value
   * @param bigEndian {@code true} for big-endian, {@code false} for little-endian
   */
  protected abstract void storeInt(int index, int value, boolean bigEndian);

  /**
   * Loads the long at {@code index} in the given byte order.
   *
   * @param index a checked index
   * @param bigEndian {@code true} for big-endian, {@code false} for little-endian
   * @return the value
   */
  protected abstract long loadLong(int index, boolean bigEndian);

  /**
   * Stores a long at {@code index} in the given byte order.
   *
   * @param index a checked index
   * @param value the value
   * @param bigEndian {@code true} for big-endian, {@code false} for little-endian
   */
  protected abstract void storeLong(int index, long value, boolean bigEndian);

  /**
   * Copies {@code length} bytes starting at {@code index} into an array.
   *
   * @param index a checked index
   * @param dst the destination
   * @param dstIndex a checked index in {@code dst}
   * @param length the number of bytes
   */
  protected abstract void copyTo(int index, byte[] dst, int dstIndex, int length);

  /**
   * Copies {@code length} bytes starting at {@code index} into a memory segment.
   *
   * @param index a checked index
   * @param dst the destination, writable
   * @param dstOffset a checked offset in {@code dst}
   * @param length the number of bytes
   */
  protected abstract void copyTo(int index, MemorySegment dst, long dstOffset, int length);

  /**
   * Copies {@code length} bytes from an array to {@code index}.
   *
   * @param index a checked index
   * @param src the source
   * @param srcIndex a checked index in {@code src}
   * @param length the number of bytes
   */
  protected abstract void copyFrom(int index, byte[] src, int srcIndex, int length);

  /**
   * Copies {@code length} bytes from a memory segment to {@code index}; the ranges may overlap.
   *
   * @param index a checked index
   * @param src the source
   * @param srcOffset a checked offset in {@code src}
   * @param length the number of bytes
   */
  protected abstract void copyFrom(int index, MemorySegment src, long srcOffset, int length);

  /**
   * Replaces the memory with one of {@code newCapacity} bytes, keeping the contents up to the
   * smaller of both capacities, and calls {@link #updateCapacity(int)}.
   *
   * @param newCapacity the new capacity, at most {@link #maxCapacity()}
   * @throws UnsupportedOperationException if this buffer cannot be resized
   */
  protected abstract void adjustCapacity(int newCapacity);

  /**
   * Frees the memory; called once, when the reference count drops to zero. A buffer that holds
   * memory must also replace it with an empty array or segment, so that the core's loads and stores
   * fail their bounds check afterwards: primitive accessors rely on that to detect a released
   * buffer without loading the reference count.
   */
  protected abstract void deallocate();

  /**
   * Returns the allocator that created this buffer; growth and copies use it.
   *
   * @return the allocator
   */
  public abstract ByteBufAllocator alloc();

  /**
   * Returns a {@link ByteBuffer} sharing (or, for a composite spanning several components, copying)
   * the given range; its position is 0 and its limit {@code length}. Changing its position does not
   * change this buffer's indexes.
   *
   * @param index the start
   * @param length the number of bytes
   * @return the NIO buffer
   * @throws IndexOutOfBoundsException if the range is outside the capacity
   */
  public abstract ByteBuffer nioBuffer(int index, int length);

  /**
   * Sets the capacity field after {@link #adjustCapacity(int)} or when a view tracks its target.
   *
   * @param newCapacity the capacity now backed by memory
   */
  protected final void updateCapacity(int newCapacity) {
    this.capacity = newCapacity;
  }

  /**
   * Prepares a recycled buffer for reuse: reference count 1, both indexes 0, new capacity and
   * limit. For pooled implementations only; never call it on a buffer someone still holds.
   *
   * @param newCapacity the capacity
   * @param newMaxCapacity the largest capacity it may grow to
   */
  protected final void reuse(int newCapacity, int newMaxCapacity) {
    this.capacity = newCapacity;
    this.maxCapacity = newMaxCapacity;
    this.readerIndex = 0;
    this.writerIndex = 0;
    REF_CNT.setRelease(this, 1);
  }

  // ---------------------------------------------------------------------------------------------
  // Checks.

  /** This buffer as the public type; every subclass of this chain is a {@link ByteBuf}. */
  final ByteBuf self() {
    return (ByteBuf) this;
  }

  /**
   * Throws if this buffer was released and accessibility checks are on.
   *
   * @throws IllegalReferenceCountException if the buffer was released
   */
  protected final void ensureAccessible() {
    if (CHECK_ACCESSIBLE && !self().isAccessible()) {
      throw released();
    }
  }

  // Out of line so that the inlined access path holds no exception construction.
  private static IllegalReferenceCountException released() {
    return new IllegalReferenceCountException(0);
  }

  /*
   * Primitive accessors do not load the reference count: a root buffer makes its memory
   * unreachable when it is freed (an empty array, an empty segment, or an address no access can
   * pass), so the memory's own bounds check fails on a released buffer, and accessFailure turns
   * that failure into IllegalReferenceCountException. Everything else checks the count up front.
   * The three index helpers below are the only bounds checks of the primitive accessors.
   */

  /** Checks that {@code width} bytes at {@code index} are inside the capacity; returns index. */
  final int at(int index, int width) {
    if ((index | (capacity - index - width)) < 0) {
      throw boundsFailure(index, width);
    }
    return index;
  }

  /** Checks that {@code width} bytes are readable; returns the reader index (not advanced). */
  final int readAt(int width) {
    int r = readerIndex;
    if (r > writerIndex - width) {
      throw readFailure(r, width);
    }
    return r;
  }

  /** Makes room for {@code width} bytes; returns the writer index (not advanced). */
  final int writeAt(int width) {
    int w = writerIndex;
    if (width > capacity - w) {
      grow(w, width);
    }
    return w;
  }

  private RuntimeException boundsFailure(int index, int length) {
    if (CHECK_ACCESSIBLE && !self().isAccessible()) {
      return released();
    }
    return new IndexOutOfBoundsException(
        "index: " + index + ", length: " + length + " (expected: range(0, " + capacity + "))");
  }

  private RuntimeException readFailure(int r, int length) {
    if (CHECK_ACCESSIBLE && !self().isAccessible()) {
      return released();
    }
    return new IndexOutOfBoundsException(
        "readerIndex(" + r + ") + length(" + length + ") exceeds writerIndex(" + writerIndex + ")");
  }

  /** Turns a core access that failed after the bounds check into the right exception. */
  final RuntimeException accessFailure(IndexOutOfBoundsException e) {
    if (CHECK_ACCESSIBLE && !self().isAccessible()) {
      return released();
    }
    return e;
  }

  /** Checks accessibility and a range for a bulk operation. */
  final void checkIndex(int index, int length) {
    ensureAccessible();
    Objects.checkFromIndexSize(index, length, capacity);
  }

  /** Checks accessibility and that {@code length >= 0} bytes are readable; returns the index. */
  final int checkReadableBulk(int length) {
    if (length < 0) {
      throw new IllegalArgumentException("length: " + length + " (expected: >= 0)");
    }
    ensureAccessible();
    return readAt(length);
  }

  /** Makes room for {@code length} more bytes and returns the writer index to write them at. */
  final int prepareWrite(int length) {
    ensureAccessible();
    return writeAt(length);
  }

  private void grow(int w, int length) {
    ensureAccessible();
    if (length < 0) {
      throw new IllegalArgumentException("length: " + length + " (expected: >= 0)");
    }
    if (self().isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    if (length > maxCapacity - w) {
      throw new IndexOutOfBoundsException(
          "writerIndex("
              + w
              + ") + minWritableBytes("
              + length
              + ") exceeds maxCapacity("
              + maxCapacity
              + "): "
              + this);
    }
    adjustCapacity(alloc().calculateNewCapacity(w + length, maxCapacity));
  }

  // ---------------------------------------------------------------------------------------------
  // Capacity and indexes.

  /**
   * Returns the number of bytes this buffer can hold now.
   *
   * @return the capacity
   */
  public final int capacity() {
    return capacity;
  }

  /**
   * Returns the largest capacity this buffer may grow to.
   *
   * @return the maximum capacity
   */
  public final int maxCapacity() {
    return maxCapacity;
  }

  /**
   * Returns the reader index.
   *
   * @return the reader index
   */
  public final int readerIndex() {
    return readerIndex;
  }

  /**
   * Sets the reader index.
   *
   * @param index between 0 and {@link #writerIndex()}
   * @return this buffer
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   */
  public final ByteBuf readerIndex(int index) {
    if (index < 0 || index > writerIndex) {
      throw new IndexOutOfBoundsException(
          "readerIndex: " + index + " (expected: 0 <= readerIndex <= writerIndex " + writerIndex);
    }
    readerIndex = index;
    return self();
  }

  /**
   * Returns the writer index.
   *
   * @return the writer index
   */
  public final int writerIndex() {
    return writerIndex;
  }

  /**
   * Sets the writer index.
   *
   * @param index between {@link #readerIndex()} and {@link #capacity()}
   * @return this buffer
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   */
  public final ByteBuf writerIndex(int index) {
    if (index < readerIndex || index > capacity) {
      throw new IndexOutOfBoundsException(
          "writerIndex: "
              + index
              + " (expected: readerIndex "
              + readerIndex
              + " <= writerIndex <= capacity "
              + capacity
              + ")");
    }
    writerIndex = index;
    return self();
  }

  /**
   * Sets both indexes at once.
   *
   * @param readerIndex the new reader index
   * @param writerIndex the new writer index
   * @return this buffer
   * @throws IndexOutOfBoundsException unless {@code 0 <= readerIndex <= writerIndex <= capacity}
   */
  public final ByteBuf setIndex(int readerIndex, int writerIndex) {
    if (readerIndex < 0 || readerIndex > writerIndex || writerIndex > capacity) {
      throw new IndexOutOfBoundsException(
          "readerIndex: "
              + readerIndex
              + ", writerIndex: "
              + writerIndex
              + ", capacity: "
              + capacity);
    }
    this.readerIndex = readerIndex;
    this.writerIndex = writerIndex;
    return self();
  }

  /**
   * Returns {@code writerIndex - readerIndex}.
   *
   * @return the number of readable bytes
   */
  public final int readableBytes() {
    return writerIndex - readerIndex;
  }

  /**
   * Returns {@code capacity - writerIndex}.
   *
   * @return the number of bytes writable without growing
   */
  public final int writableBytes() {
    return capacity - writerIndex;
  }

  /**
   * Returns {@code maxCapacity - writerIndex}.
   *
   * @return the number of bytes writable with growing
   */
  public final int maxWritableBytes() {
    return maxCapacity - writerIndex;
  }

  /**
   * Returns whether at least one byte is readable.
   *
   * @return {@code true} if readable
   */
  public final boolean isReadable() {
    return writerIndex > readerIndex;
  }

  /**
   * Returns whether at least {@code size} bytes are readable.
   *
   * @param size the number of bytes
   * @return {@code true} if readable
   */
  public final boolean isReadable(int size) {
    return writerIndex - readerIndex >= size;
  }

  /**
   * Returns whether at least one byte is writable without growing.
   *
   * @return {@code true} if writable
   */
  public final boolean isWritable() {
    return capacity > writerIndex;
  }

  /**
   * Returns whether at least {@code size} bytes are writable without growing.
   *
   * @param size the number of bytes
   * @return {@code true} if writable
   */
  public final boolean isWritable(int size) {
    return capacity - writerIndex >= size;
  }

  /**
   * Sets both indexes to 0; the contents stay.
   *
   * @return this buffer
   */
  public final ByteBuf clear() {
    readerIndex = 0;
    writerIndex = 0;
    return self();
  }

  /**
   * Grows the buffer if needed so that {@code minWritableBytes} can be written.
   *
   * @param minWritableBytes the number of bytes to make room for
   * @return this buffer
   * @throws IndexOutOfBoundsException if that would exceed {@link #maxCapacity()}
   */
  public final ByteBuf ensureWritable(int minWritableBytes) {
    if (minWritableBytes < 0) {
      throw new IllegalArgumentException("minWritableBytes: " + minWritableBytes);
    }
    prepareWrite(minWritableBytes);
    return self();
  }

  /**
   * Grows the buffer if needed, without throwing when {@link #maxCapacity()} is too small.
   *
   * @param minWritableBytes the number of bytes to make room for
   * @param force whether to grow to {@link #maxCapacity()} when the request cannot be met
   * @return 0 if already writable, 1 if not writable and unchanged, 2 if grown to fit, 3 if grown
   *     to the maximum but still too small
   */
  public final int ensureWritable(int minWritableBytes, boolean force) {
    if (minWritableBytes < 0) {
      throw new IllegalArgumentException("minWritableBytes: " + minWritableBytes);
    }
    ensureAccessible();
    if (minWritableBytes <= writableBytes()) {
      return 0;
    }
    if (minWritableBytes > maxCapacity - writerIndex) {
      if (!force || capacity == maxCapacity) {
        return 1;
      }
      adjustCapacity(maxCapacity);
      return 3;
    }
    grow(writerIndex, minWritableBytes);
    return 2;
  }
}

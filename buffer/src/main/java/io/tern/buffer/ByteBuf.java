package io.tern.buffer;

import io.tern.buffer.internal.ByteBufs;
import io.tern.buffer.internal.ViewByteBuf;
import io.tern.common.IllegalReferenceCountException;
import io.tern.common.ReferenceCounted;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.Charset;

/**
 * A random- and sequential-access sequence of bytes with separate reader and writer indexes, on
 * heap ({@code byte[]}) or native ({@link MemorySegment}) memory, reference counted.
 *
 * <pre>
 *   +-------------------+------------------+------------------+
 *   | discardable bytes |  readable bytes  |  writable bytes  |
 *   +-------------------+------------------+------------------+
 *   0      &lt;=      readerIndex   &lt;=   writerIndex    &lt;=    capacity
 * </pre>
 *
 * <p>{@code get*}/{@code set*} take an absolute index and leave the indexes alone; {@code read*}
 * and {@code write*} use and advance the reader and writer index. Multi-byte values are big-endian;
 * the {@code *LE} methods are little-endian. Writing past the capacity grows the buffer up to
 * {@link #maxCapacity()}, by a step the {@linkplain ByteBufAllocator#calculateNewCapacity
 * allocator} chooses.
 *
 * <p><b>Ownership.</b> A new buffer has a reference count of 1; whoever holds the last reference
 * calls {@link #release()}. Derived buffers ({@link #slice()}, {@link #duplicate()}, {@link
 * #asReadOnly()}) share the memory and the reference count of their parent: releasing a slice
 * releases the parent. The {@code retained*} variants add one reference for the caller. Any access
 * to a released buffer throws {@link IllegalReferenceCountException} (unless the system property
 * {@code io.tern.buffer.checkAccessible} is {@code false}); {@link #toString()} never throws.
 *
 * <p><b>Threads.</b> A buffer is not thread-safe: one thread at a time uses it and its indexes.
 * Reference counting is thread-safe, and concurrent {@code get*} calls on a buffer nobody writes
 * are safe; give each thread its own {@link #duplicate()} for independent indexes.
 *
 * <p><b>Implementing.</b> Subclasses implement a small core of {@code protected} methods (byte and
 * primitive loads and stores, bulk copies, {@link #nioBuffer(int, int)}, capacity adjustment,
 * deallocation and {@link #alloc()}); every public method is built on it and checks bounds and
 * accessibility before calling it, so the core never checks.
 */
public abstract class ByteBuf extends ByteBufRelativeTransfers
    implements ReferenceCounted, Comparable<ByteBuf> {
  /**
   * Creates a buffer with both indexes at 0 and a reference count of 1.
   *
   * @param capacity the initial capacity
   * @param maxCapacity the largest capacity the buffer may grow to
   * @throws IllegalArgumentException if {@code capacity} is negative or above {@code maxCapacity}
   */
  protected ByteBuf(int capacity, int maxCapacity) {
    super(capacity, maxCapacity);
  }

  // ---------------------------------------------------------------------------------------------
  // Capacity changes.

  /**
   * Grows or shrinks the capacity; shrinking clamps the indexes.
   *
   * @param newCapacity the new capacity, between 0 and {@link #maxCapacity()}
   * @return this buffer
   * @throws IllegalArgumentException if {@code newCapacity} is out of range
   * @throws UnsupportedOperationException if this buffer cannot be resized (a slice)
   */
  public ByteBuf capacity(int newCapacity) {
    if (newCapacity < 0 || newCapacity > maxCapacity) {
      throw new IllegalArgumentException(
          "newCapacity: " + newCapacity + " (expected: 0-" + maxCapacity + ")");
    }
    ensureAccessible();
    if (newCapacity != capacity) {
      adjustCapacity(newCapacity);
      if (writerIndex > newCapacity) {
        writerIndex = newCapacity;
      }
      if (readerIndex > writerIndex) {
        readerIndex = writerIndex;
      }
    }
    return this;
  }

  /**
   * Moves the readable bytes to the start and the indexes with them, freeing the read bytes for
   * writing.
   *
   * @return this buffer
   * @throws ReadOnlyBufferException if this buffer is read-only
   */
  public ByteBuf discardReadBytes() {
    ensureAccessible();
    int r = readerIndex;
    if (r == 0) {
      return this;
    }
    if (isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int w = writerIndex;
    ByteBufs.moveDown(this, r, w - r);
    readerIndex = 0;
    writerIndex = w - r;
    return this;
  }

  /**
   * Like {@link #discardReadBytes()}, but only when it pays: when everything was read or at least
   * half of the capacity is read bytes.
   *
   * @return this buffer
   */
  public ByteBuf discardSomeReadBytes() {
    ensureAccessible();
    int r = readerIndex;
    if (r > 0 && (r == writerIndex || r >= capacity >>> 1)) {
      return discardReadBytes();
    }
    return this;
  }

  // ---------------------------------------------------------------------------------------------
  // Derived buffers and copies.

  /**
   * Returns a view of the readable bytes sharing memory and reference count; its indexes are
   * independent and its capacity fixed. Releasing it releases this buffer.
   *
   * @return the slice
   */
  public final ByteBuf slice() {
    return slice(readerIndex, readableBytes());
  }

  /**
   * Returns a view of {@code [index, index + length)} sharing memory and reference count.
   *
   * @param index the absolute start
   * @param length the number of bytes
   * @return the slice
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final ByteBuf slice(int index, int length) {
    checkIndex(index, length);
    return ViewByteBuf.slice(this, index, length);
  }

  /**
   * Like {@link #slice()}, but the slice holds a new reference the caller releases.
   *
   * @return the retained slice
   */
  public final ByteBuf retainedSlice() {
    return retainedSlice(readerIndex, readableBytes());
  }

  /**
   * Like {@link #slice(int, int)}, but the slice holds a new reference the caller releases.
   *
   * @param index the absolute start
   * @param length the number of bytes
   * @return the retained slice
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final ByteBuf retainedSlice(int index, int length) {
    return slice(index, length).retain();
  }

  /**
   * Returns a view of the whole buffer with the same indexes, sharing memory and reference count.
   *
   * @return the duplicate
   */
  public final ByteBuf duplicate() {
    ensureAccessible();
    return ViewByteBuf.duplicate(this, false);
  }

  /**
   * Like {@link #duplicate()}, but the duplicate holds a new reference the caller releases.
   *
   * @return the retained duplicate
   */
  public final ByteBuf retainedDuplicate() {
    return duplicate().retain();
  }

  /**
   * Returns a read-only view with the same indexes sharing the reference count, or this buffer if
   * it is read-only already.
   *
   * @return the read-only buffer
   */
  public final ByteBuf asReadOnly() {
    if (isReadOnly()) {
      return this;
    }
    ensureAccessible();
    return ViewByteBuf.duplicate(this, true);
  }

  /**
   * Returns a copy of the readable bytes in a new buffer the caller releases.
   *
   * @return the copy
   */
  public final ByteBuf copy() {
    return copy(readerIndex, readableBytes());
  }

  /**
   * Returns a copy of {@code [index, index + length)} in a new buffer the caller releases, on the
   * same kind of memory (heap or direct).
   *
   * @param index the absolute start
   * @param length the number of bytes
   * @return the copy
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final ByteBuf copy(int index, int length) {
    checkIndex(index, length);
    int max = Math.max(length, maxCapacity);
    ByteBuf copy = isDirect() ? alloc().directBuffer(length, max) : alloc().heapBuffer(length, max);
    try {
      copy.writeBytes(this, index, length);
    } catch (RuntimeException e) {
      copy.release();
      throw e;
    }
    return copy;
  }

  /**
   * Returns the buffer this one wraps or views, or {@code null} for a root buffer.
   *
   * @return the underlying buffer or {@code null}
   */
  public ByteBuf unwrap() {
    return null;
  }

  // ---------------------------------------------------------------------------------------------
  // Memory kind and direct access.

  /**
   * Returns whether the memory is native (off-heap).
   *
   * @return {@code true} for native memory
   */
  public boolean isDirect() {
    return hasMemorySegment();
  }

  /**
   * Returns whether this buffer rejects modification.
   *
   * @return {@code true} if read-only
   */
  public boolean isReadOnly() {
    return false;
  }

  /**
   * Returns whether this buffer is backed by one accessible {@code byte[]}.
   *
   * @return {@code true} if {@link #array()} may be called
   */
  public boolean hasArray() {
    return false;
  }

  /**
   * Returns the backing array; index 0 of this buffer is at {@link #arrayOffset()}.
   *
   * @return the array
   * @throws UnsupportedOperationException if {@link #hasArray()} is {@code false}
   * @throws IllegalReferenceCountException if the buffer was released
   */
  public byte[] array() {
    throw new UnsupportedOperationException("no backing array");
  }

  /**
   * Returns the offset of index 0 in {@link #array()}.
   *
   * @return the offset
   * @throws UnsupportedOperationException if {@link #hasArray()} is {@code false}
   */
  public int arrayOffset() {
    throw new UnsupportedOperationException("no backing array");
  }

  /**
   * Returns whether this buffer is backed by one native {@link MemorySegment}.
   *
   * @return {@code true} if {@link #memorySegment()} may be called
   */
  public boolean hasMemorySegment() {
    return false;
  }

  /**
   * Returns the native memory covering {@code [0, capacity)} for native I/O. The segment stays
   * valid only while this buffer is not released; it is read-only for a read-only buffer.
   *
   * @return the segment
   * @throws UnsupportedOperationException if {@link #hasMemorySegment()} is {@code false}
   * @throws IllegalReferenceCountException if the buffer was released
   */
  public MemorySegment memorySegment() {
    throw new UnsupportedOperationException("no native memory segment");
  }

  /**
   * Returns the number of NIO buffers {@link #nioBuffers(int, int)} returns for the whole buffer.
   *
   * @return the count, 1 unless this buffer is a composite
   */
  public int nioBufferCount() {
    return 1;
  }

  /**
   * Returns {@link #nioBuffer(int, int)} of the readable bytes.
   *
   * @return the NIO buffer
   */
  public final ByteBuffer nioBuffer() {
    return nioBuffer(readerIndex, readableBytes());
  }

  /**
   * Returns the readable bytes as NIO buffers sharing memory.
   *
   * @return the NIO buffers, at least one
   */
  public final ByteBuffer[] nioBuffers() {
    return nioBuffers(readerIndex, readableBytes());
  }

  /**
   * Returns {@code [index, index + length)} as NIO buffers sharing memory; always at least one
   * buffer, even for {@code length == 0}.
   *
   * @param index the absolute start
   * @param length the number of bytes
   * @return the NIO buffers
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public ByteBuffer[] nioBuffers(int index, int length) {
    return new ByteBuffer[] {nioBuffer(index, length)};
  }

  // ---------------------------------------------------------------------------------------------
  // Text, equality, ordering.

  /**
   * Decodes the readable bytes with {@code charset}; the indexes stay.
   *
   * @param charset the encoding
   * @return the string
   */
  public final String toString(Charset charset) {
    return toString(readerIndex, readableBytes(), charset);
  }

  /**
   * Decodes {@code [index, index + length)} with {@code charset}.
   *
   * @param index the absolute start
   * @param length the number of bytes
   * @param charset the encoding
   * @return the string
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final String toString(int index, int length, Charset charset) {
    checkIndex(index, length);
    if (length == 0) {
      return "";
    }
    if (hasArray()) {
      return new String(array(), arrayOffset() + index, length, charset);
    }
    return ByteBufs.decode(this, index, length, charset);
  }

  /**
   * Returns a hash of the readable bytes, equal for buffers that are {@link #equals equal}.
   *
   * @return the hash code
   */
  @Override
  public final int hashCode() {
    return ByteBufs.hashCode(this);
  }

  /**
   * Returns whether {@code o} is a buffer with the same readable bytes; indexes, capacity and
   * implementation do not matter.
   *
   * @param o the other object
   * @return {@code true} if equal
   */
  @Override
  public final boolean equals(Object o) {
    return this == o || (o instanceof ByteBuf other && ByteBufs.equals(this, other));
  }

  /**
   * Compares the readable bytes as unsigned bytes, lexicographically; a prefix is smaller.
   *
   * @param other the other buffer
   * @return negative, zero or positive
   */
  @Override
  public final int compareTo(ByteBuf other) {
    return ByteBufs.compare(this, other);
  }

  /**
   * Describes the buffer's type and indexes (never its contents); never throws.
   *
   * @return the description
   */
  @Override
  public String toString() {
    StringBuilder sb =
        new StringBuilder(getClass().getSimpleName())
            .append("(ridx: ")
            .append(readerIndex)
            .append(", widx: ")
            .append(writerIndex)
            .append(", cap: ")
            .append(capacity)
            .append('/')
            .append(maxCapacity);
    if (!isAccessible()) {
      sb.append(", freed");
    }
    return sb.append(')').toString();
  }

  // ---------------------------------------------------------------------------------------------
  // Reference counting (the root buffer's own count; views and wrappers override these).

  /**
   * Returns whether this buffer can still be accessed, i.e. it was not released; a cheap,
   * non-volatile read for the access path.
   *
   * @return {@code true} unless released
   */
  public boolean isAccessible() {
    return refCnt != 0;
  }

  @Override
  public int refCnt() {
    return (int) REF_CNT.getVolatile(this);
  }

  @Override
  public ByteBuf retain() {
    return retain(1);
  }

  @Override
  public ByteBuf retain(int increment) {
    if (increment <= 0) {
      throw new IllegalArgumentException("increment: " + increment + " (expected: > 0)");
    }
    int current = (int) REF_CNT.getVolatile(this);
    while (true) {
      int next = current + increment;
      // current <= 0: already freed, never resurrect; next <= 0: overflow.
      if (current <= 0 || next <= 0) {
        throw new IllegalReferenceCountException(current, increment);
      }
      int witness = (int) REF_CNT.compareAndExchange(this, current, next);
      if (witness == current) {
        return this;
      }
      current = witness;
    }
  }

  @Override
  public ByteBuf touch() {
    return this;
  }

  @Override
  public ByteBuf touch(Object hint) {
    return this;
  }

  @Override
  public boolean release() {
    return release(1);
  }

  @Override
  public boolean release(int decrement) {
    if (decrement <= 0) {
      throw new IllegalArgumentException("decrement: " + decrement + " (expected: > 0)");
    }
    int current = (int) REF_CNT.getVolatile(this);
    while (true) {
      if (current < decrement) {
        throw new IllegalReferenceCountException(current, -decrement);
      }
      int next = current - decrement;
      int witness = (int) REF_CNT.compareAndExchange(this, current, next);
      if (witness == current) {
        if (next == 0) {
          deallocate();
          return true;
        }
        return false;
      }
      current = witness;
    }
  }
}

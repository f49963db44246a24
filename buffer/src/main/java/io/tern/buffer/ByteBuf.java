package io.tern.buffer;

import io.tern.buffer.internal.ByteBufs;
import io.tern.buffer.internal.ViewByteBuf;
import io.tern.common.IllegalReferenceCountException;
import io.tern.common.ReferenceCounted;
import io.tern.common.SystemProperties;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.FileChannel;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.ScatteringByteChannel;
import java.nio.charset.Charset;
import java.util.Objects;

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
 * allocator} chooses. An index or length outside the capacity (for a relative read: beyond the
 * readable bytes) throws {@link IndexOutOfBoundsException} before anything is read or written.
 *
 * <p>The methods come in this order, each group under a heading comment in the source: capacity and
 * indexes; reference counting; absolute primitive access ({@code get*}/{@code set*}); relative
 * primitive access ({@code read*}/{@code write*}); absolute bulk transfers ({@code getBytes}/{@code
 * setBytes}); relative bulk transfers ({@code readBytes}/{@code writeBytes}); search ({@code
 * indexOf}, {@code bytesBefore}, {@code forEachByte}); derived buffers and copies; memory and NIO
 * views; text, equality and ordering; and last the core that implementations provide.
 *
 * <h2>Threading</h2>
 *
 * <p>A buffer is not thread-safe: one thread at a time uses it and its indexes. Reference counting
 * is thread-safe, and concurrent {@code get*} calls on a buffer nobody writes are safe; give each
 * thread its own {@link #duplicate()} for independent indexes. A buffer may be released on another
 * thread than the one that allocated it.
 *
 * <h2>Ownership</h2>
 *
 * <p>A new buffer has a reference count of 1; whoever holds the last reference calls {@link
 * #release()}. Derived buffers ({@link #slice()}, {@link #duplicate()}, {@link #asReadOnly()},
 * {@link #readSlice(int)}) share the memory and the reference count of their parent: releasing a
 * slice releases the parent. The {@code retained*} variants add one reference for the caller;
 * {@link #copy()} and {@link #readBytes(int)} return new buffers the caller releases. Any access to
 * a released buffer throws {@link IllegalReferenceCountException} (unless the system property
 * {@code io.tern.buffer.checkAccessible} is {@code false}); {@link #toString()} never throws.
 *
 * <h2>Implementing</h2>
 *
 * <p>Implementations (in this module) provide a small core of {@code protected} methods: one load
 * and one store of a field of a given width and byte order, four bulk copies, capacity adjustment,
 * deallocation, {@link #alloc()} and {@link #nioBuffer(int, int)}, optionally faster scan loops.
 * Every public method is written once on top of that core, and checks bounds and accessibility
 * before calling it, so the core never checks. The search family and the bulk transfers that pick a
 * path by the kind of memory at either end keep their logic in two package-private helpers, {@code
 * ByteSearch} and {@code BulkTransfer}, which take the buffer as an argument; the methods here are
 * their entry points. {@code ByteBuf} extends {@code Object} directly and its implementations sit
 * one or two levels below it.
 */
public abstract class ByteBuf implements ReferenceCounted, Comparable<ByteBuf> {
  /**
   * {@code io.tern.buffer.checkAccessible}: whether every access checks that the buffer was not
   * released (default {@code true}). Turning it off saves a load and a branch per bulk access but
   * lets a use-after-release of a bulk call read stale memory. Primitive accessors never load the
   * count (see the checks at the end of this class).
   */
  private static final boolean CHECK_ACCESSIBLE =
      SystemProperties.getBoolean("io.tern.buffer.checkAccessible", true);

  // The byte-order arguments of the per-width mechanism (see the end of this class).
  private static final boolean BIG_ENDIAN = true;
  private static final boolean LITTLE_ENDIAN = false;

  private static final VarHandle REF_CNT;

  static {
    try {
      REF_CNT = MethodHandles.lookup().findVarHandle(ByteBuf.class, "refCnt", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private int readerIndex;
  private int writerIndex;
  private int capacity;
  private int maxCapacity;

  // Plain field read on the access path; changed only through REF_CNT's atomic operations.
  @SuppressWarnings("FieldMayBeFinal")
  private int refCnt = 1;

  /**
   * Creates a buffer with both indexes at 0 and a reference count of 1.
   *
   * @param capacity the initial capacity
   * @param maxCapacity the largest capacity the buffer may grow to
   * @throws IllegalArgumentException if {@code capacity} is negative or above {@code maxCapacity}
   */
  protected ByteBuf(int capacity, int maxCapacity) {
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

  // =============================================================================================
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
    return this;
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
    return this;
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
    return this;
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
    return this;
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
    return this;
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

  // =============================================================================================
  // Reference counting: the root buffer's own count; views and wrappers override these.

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

  // =============================================================================================
  // Absolute primitive access: get* and set* of every width, both byte orders.
  //
  // Each is one line over the per-width mechanism at the end of this class (get and set): check
  // the field's range, then load or store through the core. Every one throws
  // IndexOutOfBoundsException if the field does not fit in [0, capacity), and
  // IllegalReferenceCountException if the buffer was released.

  /**
   * Returns the boolean (any non-zero byte is {@code true}) at {@code index}.
   *
   * @param index the absolute index
   * @return the value
   */
  public final boolean getBoolean(int index) {
    return get(index, 1, BIG_ENDIAN) != 0;
  }

  /**
   * Sets the boolean (any non-zero byte is {@code true}) at {@code index}.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setBoolean(int index, boolean value) {
    return set(index, 1, value ? 1 : 0, BIG_ENDIAN);
  }

  /**
   * Returns the byte at {@code index}.
   *
   * @param index the absolute index
   * @return the value
   */
  public final byte getByte(int index) {
    return (byte) get(index, 1, BIG_ENDIAN);
  }

  /**
   * Sets the byte at {@code index}.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setByte(int index, int value) {
    return set(index, 1, value, BIG_ENDIAN);
  }

  /**
   * Returns the unsigned byte at {@code index}.
   *
   * @param index the absolute index
   * @return the value
   */
  public final short getUnsignedByte(int index) {
    return (short) (get(index, 1, BIG_ENDIAN) & 0xff);
  }

  /**
   * Returns the 16-bit short at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final short getShort(int index) {
    return (short) get(index, 2, BIG_ENDIAN);
  }

  /**
   * Sets the 16-bit short at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setShort(int index, int value) {
    return set(index, 2, value, BIG_ENDIAN);
  }

  /**
   * Returns the 16-bit short at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final short getShortLE(int index) {
    return (short) get(index, 2, LITTLE_ENDIAN);
  }

  /**
   * Sets the 16-bit short at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setShortLE(int index, int value) {
    return set(index, 2, value, LITTLE_ENDIAN);
  }

  /**
   * Returns the unsigned 16-bit short at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getUnsignedShort(int index) {
    return (int) (get(index, 2, BIG_ENDIAN) & 0xffff);
  }

  /**
   * Returns the unsigned 16-bit short at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getUnsignedShortLE(int index) {
    return (int) (get(index, 2, LITTLE_ENDIAN) & 0xffff);
  }

  /**
   * Returns the signed 24-bit medium at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getMedium(int index) {
    return (int) get(index, 3, BIG_ENDIAN);
  }

  /**
   * Sets the signed 24-bit medium at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setMedium(int index, int value) {
    return set(index, 3, value, BIG_ENDIAN);
  }

  /**
   * Returns the signed 24-bit medium at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getMediumLE(int index) {
    return (int) get(index, 3, LITTLE_ENDIAN);
  }

  /**
   * Sets the signed 24-bit medium at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setMediumLE(int index, int value) {
    return set(index, 3, value, LITTLE_ENDIAN);
  }

  /**
   * Returns the unsigned 24-bit medium at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getUnsignedMedium(int index) {
    return (int) (get(index, 3, BIG_ENDIAN) & 0xffffff);
  }

  /**
   * Returns the unsigned 24-bit medium at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getUnsignedMediumLE(int index) {
    return (int) (get(index, 3, LITTLE_ENDIAN) & 0xffffff);
  }

  /**
   * Returns the 32-bit int at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getInt(int index) {
    return (int) get(index, 4, BIG_ENDIAN);
  }

  /**
   * Sets the 32-bit int at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setInt(int index, int value) {
    return set(index, 4, value, BIG_ENDIAN);
  }

  /**
   * Returns the 32-bit int at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final int getIntLE(int index) {
    return (int) get(index, 4, LITTLE_ENDIAN);
  }

  /**
   * Sets the 32-bit int at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setIntLE(int index, int value) {
    return set(index, 4, value, LITTLE_ENDIAN);
  }

  /**
   * Returns the unsigned 32-bit int at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final long getUnsignedInt(int index) {
    return get(index, 4, BIG_ENDIAN) & 0xFFFFFFFFL;
  }

  /**
   * Returns the unsigned 32-bit int at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final long getUnsignedIntLE(int index) {
    return get(index, 4, LITTLE_ENDIAN) & 0xFFFFFFFFL;
  }

  /**
   * Returns the 64-bit long at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final long getLong(int index) {
    return get(index, 8, BIG_ENDIAN);
  }

  /**
   * Sets the 64-bit long at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setLong(int index, long value) {
    return set(index, 8, value, BIG_ENDIAN);
  }

  /**
   * Returns the 64-bit long at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final long getLongLE(int index) {
    return get(index, 8, LITTLE_ENDIAN);
  }

  /**
   * Sets the 64-bit long at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setLongLE(int index, long value) {
    return set(index, 8, value, LITTLE_ENDIAN);
  }

  /**
   * Returns the 16-bit UTF-16 char at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final char getChar(int index) {
    return (char) get(index, 2, BIG_ENDIAN);
  }

  /**
   * Sets the 16-bit UTF-16 char at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setChar(int index, int value) {
    return set(index, 2, value, BIG_ENDIAN);
  }

  /**
   * Returns the 16-bit UTF-16 char at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final char getCharLE(int index) {
    return (char) get(index, 2, LITTLE_ENDIAN);
  }

  /**
   * Sets the 16-bit UTF-16 char at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf setCharLE(int index, int value) {
    return set(index, 2, value, LITTLE_ENDIAN);
  }

  /**
   * Returns the 32-bit IEEE 754 float at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final float getFloat(int index) {
    return Float.intBitsToFloat((int) get(index, 4, BIG_ENDIAN));
  }

  /**
   * Sets the 32-bit IEEE 754 float at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setFloat(int index, float value) {
    return set(index, 4, Float.floatToRawIntBits(value), BIG_ENDIAN);
  }

  /**
   * Returns the 32-bit IEEE 754 float at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final float getFloatLE(int index) {
    return Float.intBitsToFloat((int) get(index, 4, LITTLE_ENDIAN));
  }

  /**
   * Sets the 32-bit IEEE 754 float at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setFloatLE(int index, float value) {
    return set(index, 4, Float.floatToRawIntBits(value), LITTLE_ENDIAN);
  }

  /**
   * Returns the 64-bit IEEE 754 double at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final double getDouble(int index) {
    return Double.longBitsToDouble(get(index, 8, BIG_ENDIAN));
  }

  /**
   * Sets the 64-bit IEEE 754 double at {@code index}, big-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setDouble(int index, double value) {
    return set(index, 8, Double.doubleToRawLongBits(value), BIG_ENDIAN);
  }

  /**
   * Returns the 64-bit IEEE 754 double at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @return the value
   */
  public final double getDoubleLE(int index) {
    return Double.longBitsToDouble(get(index, 8, LITTLE_ENDIAN));
  }

  /**
   * Sets the 64-bit IEEE 754 double at {@code index}, little-endian.
   *
   * @param index the absolute index
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf setDoubleLE(int index, double value) {
    return set(index, 8, Double.doubleToRawLongBits(value), LITTLE_ENDIAN);
  }

  // =============================================================================================
  // Relative primitive access: read* at the reader index, write* at the writer index.
  //
  // Reads throw IndexOutOfBoundsException if fewer bytes are readable; writes grow the buffer and
  // throw only if it cannot grow enough. An index advances only after the access succeeded.

  /**
   * Reads the boolean (any non-zero byte is {@code true}) at the reader index, and advances it by
   * 1.
   *
   * @return the value
   */
  public final boolean readBoolean() {
    return read(1, BIG_ENDIAN) != 0;
  }

  /**
   * Writes the boolean (any non-zero byte is {@code true}) at the writer index, growing if needed,
   * and advances it by 1.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeBoolean(boolean value) {
    return write(1, value ? 1 : 0, BIG_ENDIAN);
  }

  /**
   * Reads the byte at the reader index, and advances it by 1.
   *
   * @return the value
   */
  public final byte readByte() {
    return (byte) read(1, BIG_ENDIAN);
  }

  /**
   * Writes the byte at the writer index, growing if needed, and advances it by 1.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeByte(int value) {
    return write(1, value, BIG_ENDIAN);
  }

  /**
   * Reads the unsigned byte at the reader index, and advances it by 1.
   *
   * @return the value
   */
  public final short readUnsignedByte() {
    return (short) (read(1, BIG_ENDIAN) & 0xff);
  }

  /**
   * Reads the 16-bit short at the reader index, big-endian, and advances it by 2.
   *
   * @return the value
   */
  public final short readShort() {
    return (short) read(2, BIG_ENDIAN);
  }

  /**
   * Writes the 16-bit short at the writer index, big-endian, growing if needed, and advances it by
   * 2.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeShort(int value) {
    return write(2, value, BIG_ENDIAN);
  }

  /**
   * Reads the 16-bit short at the reader index, little-endian, and advances it by 2.
   *
   * @return the value
   */
  public final short readShortLE() {
    return (short) read(2, LITTLE_ENDIAN);
  }

  /**
   * Writes the 16-bit short at the writer index, little-endian, growing if needed, and advances it
   * by 2.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeShortLE(int value) {
    return write(2, value, LITTLE_ENDIAN);
  }

  /**
   * Reads the unsigned 16-bit short at the reader index, big-endian, and advances it by 2.
   *
   * @return the value
   */
  public final int readUnsignedShort() {
    return (int) (read(2, BIG_ENDIAN) & 0xffff);
  }

  /**
   * Reads the unsigned 16-bit short at the reader index, little-endian, and advances it by 2.
   *
   * @return the value
   */
  public final int readUnsignedShortLE() {
    return (int) (read(2, LITTLE_ENDIAN) & 0xffff);
  }

  /**
   * Reads the signed 24-bit medium at the reader index, big-endian, and advances it by 3.
   *
   * @return the value
   */
  public final int readMedium() {
    return (int) read(3, BIG_ENDIAN);
  }

  /**
   * Writes the signed 24-bit medium at the writer index, big-endian, growing if needed, and
   * advances it by 3.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeMedium(int value) {
    return write(3, value, BIG_ENDIAN);
  }

  /**
   * Reads the signed 24-bit medium at the reader index, little-endian, and advances it by 3.
   *
   * @return the value
   */
  public final int readMediumLE() {
    return (int) read(3, LITTLE_ENDIAN);
  }

  /**
   * Writes the signed 24-bit medium at the writer index, little-endian, growing if needed, and
   * advances it by 3.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeMediumLE(int value) {
    return write(3, value, LITTLE_ENDIAN);
  }

  /**
   * Reads the unsigned 24-bit medium at the reader index, big-endian, and advances it by 3.
   *
   * @return the value
   */
  public final int readUnsignedMedium() {
    return (int) (read(3, BIG_ENDIAN) & 0xffffff);
  }

  /**
   * Reads the unsigned 24-bit medium at the reader index, little-endian, and advances it by 3.
   *
   * @return the value
   */
  public final int readUnsignedMediumLE() {
    return (int) (read(3, LITTLE_ENDIAN) & 0xffffff);
  }

  /**
   * Reads the 32-bit int at the reader index, big-endian, and advances it by 4.
   *
   * @return the value
   */
  public final int readInt() {
    return (int) read(4, BIG_ENDIAN);
  }

  /**
   * Writes the 32-bit int at the writer index, big-endian, growing if needed, and advances it by 4.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeInt(int value) {
    return write(4, value, BIG_ENDIAN);
  }

  /**
   * Reads the 32-bit int at the reader index, little-endian, and advances it by 4.
   *
   * @return the value
   */
  public final int readIntLE() {
    return (int) read(4, LITTLE_ENDIAN);
  }

  /**
   * Writes the 32-bit int at the writer index, little-endian, growing if needed, and advances it by
   * 4.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeIntLE(int value) {
    return write(4, value, LITTLE_ENDIAN);
  }

  /**
   * Reads the unsigned 32-bit int at the reader index, big-endian, and advances it by 4.
   *
   * @return the value
   */
  public final long readUnsignedInt() {
    return read(4, BIG_ENDIAN) & 0xFFFFFFFFL;
  }

  /**
   * Reads the unsigned 32-bit int at the reader index, little-endian, and advances it by 4.
   *
   * @return the value
   */
  public final long readUnsignedIntLE() {
    return read(4, LITTLE_ENDIAN) & 0xFFFFFFFFL;
  }

  /**
   * Reads the 64-bit long at the reader index, big-endian, and advances it by 8.
   *
   * @return the value
   */
  public final long readLong() {
    return read(8, BIG_ENDIAN);
  }

  /**
   * Writes the 64-bit long at the writer index, big-endian, growing if needed, and advances it by
   * 8.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeLong(long value) {
    return write(8, value, BIG_ENDIAN);
  }

  /**
   * Reads the 64-bit long at the reader index, little-endian, and advances it by 8.
   *
   * @return the value
   */
  public final long readLongLE() {
    return read(8, LITTLE_ENDIAN);
  }

  /**
   * Writes the 64-bit long at the writer index, little-endian, growing if needed, and advances it
   * by 8.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeLongLE(long value) {
    return write(8, value, LITTLE_ENDIAN);
  }

  /**
   * Reads the 16-bit UTF-16 char at the reader index, big-endian, and advances it by 2.
   *
   * @return the value
   */
  public final char readChar() {
    return (char) read(2, BIG_ENDIAN);
  }

  /**
   * Writes the 16-bit UTF-16 char at the writer index, big-endian, growing if needed, and advances
   * it by 2.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeChar(int value) {
    return write(2, value, BIG_ENDIAN);
  }

  /**
   * Reads the 16-bit UTF-16 char at the reader index, little-endian, and advances it by 2.
   *
   * @return the value
   */
  public final char readCharLE() {
    return (char) read(2, LITTLE_ENDIAN);
  }

  /**
   * Writes the 16-bit UTF-16 char at the writer index, little-endian, growing if needed, and
   * advances it by 2.
   *
   * @param value the value (truncated to the field's width)
   * @return this buffer
   */
  public final ByteBuf writeCharLE(int value) {
    return write(2, value, LITTLE_ENDIAN);
  }

  /**
   * Reads the 32-bit IEEE 754 float at the reader index, big-endian, and advances it by 4.
   *
   * @return the value
   */
  public final float readFloat() {
    return Float.intBitsToFloat((int) read(4, BIG_ENDIAN));
  }

  /**
   * Writes the 32-bit IEEE 754 float at the writer index, big-endian, growing if needed, and
   * advances it by 4.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeFloat(float value) {
    return write(4, Float.floatToRawIntBits(value), BIG_ENDIAN);
  }

  /**
   * Reads the 32-bit IEEE 754 float at the reader index, little-endian, and advances it by 4.
   *
   * @return the value
   */
  public final float readFloatLE() {
    return Float.intBitsToFloat((int) read(4, LITTLE_ENDIAN));
  }

  /**
   * Writes the 32-bit IEEE 754 float at the writer index, little-endian, growing if needed, and
   * advances it by 4.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeFloatLE(float value) {
    return write(4, Float.floatToRawIntBits(value), LITTLE_ENDIAN);
  }

  /**
   * Reads the 64-bit IEEE 754 double at the reader index, big-endian, and advances it by 8.
   *
   * @return the value
   */
  public final double readDouble() {
    return Double.longBitsToDouble(read(8, BIG_ENDIAN));
  }

  /**
   * Writes the 64-bit IEEE 754 double at the writer index, big-endian, growing if needed, and
   * advances it by 8.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeDouble(double value) {
    return write(8, Double.doubleToRawLongBits(value), BIG_ENDIAN);
  }

  /**
   * Reads the 64-bit IEEE 754 double at the reader index, little-endian, and advances it by 8.
   *
   * @return the value
   */
  public final double readDoubleLE() {
    return Double.longBitsToDouble(read(8, LITTLE_ENDIAN));
  }

  /**
   * Writes the 64-bit IEEE 754 double at the writer index, little-endian, growing if needed, and
   * advances it by 8.
   *
   * @param value the value
   * @return this buffer
   */
  public final ByteBuf writeDoubleLE(double value) {
    return write(8, Double.doubleToRawLongBits(value), LITTLE_ENDIAN);
  }

  // =============================================================================================
  // Absolute bulk transfers: getBytes and setBytes at an index; no index of this buffer moves.
  // Copies to and from arrays and segments are one core call each and stay here; the transfers
  // that pick a path by the memory at either end are entry points of BulkTransfer.

  /**
   * Fills {@code dst} from {@code index}.
   *
   * @param index the absolute index
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.length} bytes remain
   */
  public final ByteBuf getBytes(int index, byte[] dst) {
    return getBytes(index, dst, 0, dst.length);
  }

  /**
   * Copies {@code length} bytes from {@code index} into {@code dst}.
   *
   * @param index the absolute index
   * @param dst the destination
   * @param dstIndex the first index in {@code dst}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf getBytes(int index, byte[] dst, int dstIndex, int length) {
    checkIndex(index, length);
    Objects.checkFromIndexSize(dstIndex, length, dst.length);
    copyTo(index, dst, dstIndex, length);
    return this;
  }

  /**
   * Copies bytes from {@code index} into {@code dst} until it has no space remaining, advancing its
   * position.
   *
   * @param index the absolute index
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.remaining()} bytes remain
   * @throws ReadOnlyBufferException if {@code dst} is read-only
   */
  public final ByteBuf getBytes(int index, ByteBuffer dst) {
    BulkTransfer.getBytes(this, index, dst);
    return this;
  }

  /**
   * Copies {@code length} bytes from {@code index} into a memory segment.
   *
   * @param index the absolute index
   * @param dst the destination
   * @param dstOffset the first offset in {@code dst}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf getBytes(int index, MemorySegment dst, long dstOffset, int length) {
    checkIndex(index, length);
    Objects.checkFromIndexSize(dstOffset, length, dst.byteSize());
    copyTo(index, dst, dstOffset, length);
    return this;
  }

  /**
   * Copies bytes from {@code index} into {@code dst} until it is full, advancing its writer index.
   *
   * @param index the absolute index
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.writableBytes()} bytes remain
   */
  public final ByteBuf getBytes(int index, ByteBuf dst) {
    return getBytes(index, dst, dst.writableBytes());
  }

  /**
   * Copies {@code length} bytes from {@code index} to {@code dst}'s writer index, advancing it.
   *
   * @param index the absolute index
   * @param dst the destination
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf getBytes(int index, ByteBuf dst, int length) {
    int w = dst.writerIndex;
    if (length > dst.capacity - w) {
      throw new IndexOutOfBoundsException(
          "length(" + length + ") exceeds dst.writableBytes(" + dst.writableBytes() + ")");
    }
    getBytes(index, dst, w, length);
    dst.writerIndex = w + length;
    return this;
  }

  /**
   * Copies {@code length} bytes from {@code index} to {@code dst} at {@code dstIndex}; no index of
   * either buffer changes. The buffers may be the same and the ranges may overlap.
   *
   * @param index the absolute index
   * @param dst the destination
   * @param dstIndex the absolute index in {@code dst}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   * @throws ReadOnlyBufferException if {@code dst} is read-only
   */
  public final ByteBuf getBytes(int index, ByteBuf dst, int dstIndex, int length) {
    BulkTransfer.getBytes(this, index, dst, dstIndex, length);
    return this;
  }

  /**
   * Writes {@code length} bytes from {@code index} to a stream.
   *
   * @param index the absolute index
   * @param out the stream
   * @param length the number of bytes
   * @return this buffer
   * @throws IOException if the stream fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final ByteBuf getBytes(int index, OutputStream out, int length) throws IOException {
    BulkTransfer.getBytes(this, index, out, length);
    return this;
  }

  /**
   * Writes up to {@code length} bytes from {@code index} to a channel (one write call).
   *
   * @param index the absolute index
   * @param out the channel
   * @param length the maximum number of bytes
   * @return the number of bytes written
   * @throws IOException if the channel fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int getBytes(int index, GatheringByteChannel out, int length) throws IOException {
    return BulkTransfer.getBytes(this, index, out, length);
  }

  /**
   * Writes up to {@code length} bytes from {@code index} to a file at {@code position}, without
   * changing the file's position.
   *
   * @param index the absolute index
   * @param out the file
   * @param position the file position
   * @param length the maximum number of bytes
   * @return the number of bytes written
   * @throws IOException if the file fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int getBytes(int index, FileChannel out, long position, int length)
      throws IOException {
    return BulkTransfer.getBytes(this, index, out, position, length);
  }

  /**
   * Copies {@code src} to {@code index}.
   *
   * @param index the absolute index
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code src.length} bytes remain
   */
  public final ByteBuf setBytes(int index, byte[] src) {
    return setBytes(index, src, 0, src.length);
  }

  /**
   * Copies {@code length} bytes of {@code src} to {@code index}.
   *
   * @param index the absolute index
   * @param src the source
   * @param srcIndex the first index in {@code src}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf setBytes(int index, byte[] src, int srcIndex, int length) {
    checkIndex(index, length);
    Objects.checkFromIndexSize(srcIndex, length, src.length);
    copyFrom(index, src, srcIndex, length);
    return this;
  }

  /**
   * Copies the remaining bytes of {@code src} to {@code index}, advancing its position.
   *
   * @param index the absolute index
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code src.remaining()} bytes remain
   */
  public final ByteBuf setBytes(int index, ByteBuffer src) {
    BulkTransfer.setBytes(this, index, src);
    return this;
  }

  /**
   * Copies {@code length} bytes of a memory segment to {@code index}.
   *
   * @param index the absolute index
   * @param src the source
   * @param srcOffset the first offset in {@code src}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf setBytes(int index, MemorySegment src, long srcOffset, int length) {
    checkIndex(index, length);
    Objects.checkFromIndexSize(srcOffset, length, src.byteSize());
    copyFrom(index, src, srcOffset, length);
    return this;
  }

  /**
   * Copies the readable bytes of {@code src} to {@code index}, advancing its reader index.
   *
   * @param index the absolute index
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code src.readableBytes()} bytes remain
   */
  public final ByteBuf setBytes(int index, ByteBuf src) {
    return setBytes(index, src, src.readableBytes());
  }

  /**
   * Copies {@code length} readable bytes of {@code src} to {@code index}, advancing its reader
   * index.
   *
   * @param index the absolute index
   * @param src the source
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf setBytes(int index, ByteBuf src, int length) {
    int r = src.readerIndex;
    if (length > src.writerIndex - r) {
      throw new IndexOutOfBoundsException(
          "length(" + length + ") exceeds src.readableBytes(" + src.readableBytes() + ")");
    }
    src.getBytes(r, this, index, length);
    src.readerIndex = r + length;
    return this;
  }

  /**
   * Copies {@code length} bytes of {@code src} at {@code srcIndex} to {@code index}; no index
   * changes.
   *
   * @param index the absolute index
   * @param src the source
   * @param srcIndex the absolute index in {@code src}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if either range is out of bounds
   */
  public final ByteBuf setBytes(int index, ByteBuf src, int srcIndex, int length) {
    src.getBytes(srcIndex, this, index, length);
    return this;
  }

  /**
   * Reads up to {@code length} bytes from a stream into {@code index} (one read call).
   *
   * @param index the absolute index
   * @param in the stream
   * @param length the maximum number of bytes
   * @return the number of bytes read, or {@code -1} at the end of the stream
   * @throws IOException if the stream fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int setBytes(int index, InputStream in, int length) throws IOException {
    return BulkTransfer.setBytes(this, index, in, length);
  }

  /**
   * Reads up to {@code length} bytes from a channel into {@code index} (one read call).
   *
   * @param index the absolute index
   * @param in the channel
   * @param length the maximum number of bytes
   * @return the number of bytes read, or {@code -1} at the end of the stream
   * @throws IOException if the channel fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int setBytes(int index, ScatteringByteChannel in, int length) throws IOException {
    return BulkTransfer.setBytes(this, index, in, length);
  }

  /**
   * Reads up to {@code length} bytes from a file at {@code position} into {@code index}, without
   * changing the file's position.
   *
   * @param index the absolute index
   * @param in the file
   * @param position the file position
   * @param length the maximum number of bytes
   * @return the number of bytes read, or {@code -1} at the end of the file
   * @throws IOException if the file fails
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int setBytes(int index, FileChannel in, long position, int length)
      throws IOException {
    return BulkTransfer.setBytes(this, index, in, position, length);
  }

  /**
   * Fills {@code length} bytes from {@code index} with zeros.
   *
   * @param index the absolute index
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final ByteBuf setZero(int index, int length) {
    BulkTransfer.setZero(this, index, length);
    return this;
  }

  /**
   * Encodes {@code sequence} with {@code charset} at {@code index}.
   *
   * @param index the absolute index
   * @param sequence the characters
   * @param charset the encoding
   * @return the number of bytes written
   * @throws IndexOutOfBoundsException if the encoded bytes do not fit
   */
  public final int setCharSequence(int index, CharSequence sequence, Charset charset) {
    byte[] bytes = sequence.toString().getBytes(charset);
    setBytes(index, bytes);
    return bytes.length;
  }

  // =============================================================================================
  // Relative bulk transfers: readBytes from the reader index, writeBytes at the writer index.

  /**
   * Reads {@code length} bytes into a new buffer from {@link #alloc()}, which the caller releases.
   *
   * @param length the number of bytes
   * @return the new buffer
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final ByteBuf readBytes(int length) {
    int r = checkReadableBulk(length);
    ByteBuf copy = this.copy(r, length);
    readerIndex = r + length;
    return copy;
  }

  /**
   * Returns a slice of the next {@code length} readable bytes and advances the reader index; the
   * slice shares this buffer's reference count.
   *
   * @param length the number of bytes
   * @return the slice
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final ByteBuf readSlice(int length) {
    int r = checkReadableBulk(length);
    ByteBuf slice = this.slice(r, length);
    readerIndex = r + length;
    return slice;
  }

  /**
   * Like {@link #readSlice(int)}, but the slice holds a new reference the caller releases.
   *
   * @param length the number of bytes
   * @return the retained slice
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final ByteBuf readRetainedSlice(int length) {
    int r = checkReadableBulk(length);
    ByteBuf slice = this.retainedSlice(r, length);
    readerIndex = r + length;
    return slice;
  }

  /**
   * Reads bytes until {@code dst} is full.
   *
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.length} bytes are readable
   */
  public final ByteBuf readBytes(byte[] dst) {
    return readBytes(dst, 0, dst.length);
  }

  /**
   * Reads {@code length} bytes into {@code dst}.
   *
   * @param dst the destination
   * @param dstIndex the first index in {@code dst}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if too few bytes are readable or {@code dst} is too small
   */
  public final ByteBuf readBytes(byte[] dst, int dstIndex, int length) {
    int r = checkReadableBulk(length);
    getBytes(r, dst, dstIndex, length);
    readerIndex = r + length;
    return this;
  }

  /**
   * Reads bytes until {@code dst} has no space remaining.
   *
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.remaining()} bytes are readable
   */
  public final ByteBuf readBytes(ByteBuffer dst) {
    int length = dst.remaining();
    int r = checkReadableBulk(length);
    getBytes(r, dst);
    readerIndex = r + length;
    return this;
  }

  /**
   * Reads bytes until {@code dst} is full, advancing its writer index.
   *
   * @param dst the destination
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code dst.writableBytes()} bytes are readable
   */
  public final ByteBuf readBytes(ByteBuf dst) {
    return readBytes(dst, dst.writableBytes());
  }

  /**
   * Reads {@code length} bytes to {@code dst}'s writer index, advancing it.
   *
   * @param dst the destination
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if too few bytes are readable or writable
   */
  public final ByteBuf readBytes(ByteBuf dst, int length) {
    int r = checkReadableBulk(length);
    getBytes(r, dst, length);
    readerIndex = r + length;
    return this;
  }

  /**
   * Reads {@code length} bytes to {@code dst} at {@code dstIndex}.
   *
   * @param dst the destination
   * @param dstIndex the absolute index in {@code dst}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if too few bytes are readable or {@code dst} is too small
   */
  public final ByteBuf readBytes(ByteBuf dst, int dstIndex, int length) {
    int r = checkReadableBulk(length);
    getBytes(r, dst, dstIndex, length);
    readerIndex = r + length;
    return this;
  }

  /**
   * Reads {@code length} bytes to a stream.
   *
   * @param out the stream
   * @param length the number of bytes
   * @return this buffer
   * @throws IOException if the stream fails
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final ByteBuf readBytes(OutputStream out, int length) throws IOException {
    int r = checkReadableBulk(length);
    getBytes(r, out, length);
    readerIndex = r + length;
    return this;
  }

  /**
   * Writes up to {@code length} readable bytes to a channel and advances the reader index by the
   * number written.
   *
   * @param out the channel
   * @param length the maximum number of bytes
   * @return the number of bytes written
   * @throws IOException if the channel fails
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final int readBytes(GatheringByteChannel out, int length) throws IOException {
    int r = checkReadableBulk(length);
    int n = getBytes(r, out, length);
    readerIndex = r + n;
    return n;
  }

  /**
   * Writes up to {@code length} readable bytes to a file at {@code position} and advances the
   * reader index by the number written.
   *
   * @param out the file
   * @param position the file position
   * @param length the maximum number of bytes
   * @return the number of bytes written
   * @throws IOException if the file fails
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final int readBytes(FileChannel out, long position, int length) throws IOException {
    int r = checkReadableBulk(length);
    int n = getBytes(r, out, position, length);
    readerIndex = r + n;
    return n;
  }

  /**
   * Decodes {@code length} readable bytes with {@code charset} and advances the reader index.
   *
   * @param length the number of bytes
   * @param charset the encoding
   * @return the decoded characters
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final CharSequence readCharSequence(int length, Charset charset) {
    int r = checkReadableBulk(length);
    String s = this.toString(r, length, charset);
    readerIndex = r + length;
    return s;
  }

  /**
   * Advances the reader index by {@code length}.
   *
   * @param length the number of bytes to skip
   * @return this buffer
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final ByteBuf skipBytes(int length) {
    readerIndex = checkReadableBulk(length) + length;
    return this;
  }

  /**
   * Writes all of {@code src}.
   *
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final ByteBuf writeBytes(byte[] src) {
    return writeBytes(src, 0, src.length);
  }

  /**
   * Writes {@code length} bytes of {@code src}.
   *
   * @param src the source
   * @param srcIndex the first index in {@code src}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if the range is outside {@code src} or the buffer cannot grow
   *     enough
   */
  public final ByteBuf writeBytes(byte[] src, int srcIndex, int length) {
    Objects.checkFromIndexSize(srcIndex, length, src.length);
    int w = prepareWrite(length);
    copyFrom(w, src, srcIndex, length);
    writerIndex = w + length;
    return this;
  }

  /**
   * Writes the remaining bytes of {@code src}, advancing its position.
   *
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final ByteBuf writeBytes(ByteBuffer src) {
    int length = src.remaining();
    int w = prepareWrite(length);
    setBytes(w, src);
    writerIndex = w + length;
    return this;
  }

  /**
   * Writes the readable bytes of {@code src}, advancing its reader index.
   *
   * @param src the source
   * @return this buffer
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final ByteBuf writeBytes(ByteBuf src) {
    return writeBytes(src, src.readableBytes());
  }

  /**
   * Writes {@code length} readable bytes of {@code src}, advancing its reader index.
   *
   * @param src the source
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if {@code src} has too few readable bytes or the buffer
   *     cannot grow enough
   */
  public final ByteBuf writeBytes(ByteBuf src, int length) {
    int r = src.readerIndex;
    if (length > src.writerIndex - r) {
      throw new IndexOutOfBoundsException(
          "length(" + length + ") exceeds src.readableBytes(" + src.readableBytes() + ")");
    }
    writeBytes(src, r, length);
    src.readerIndex = r + length;
    return this;
  }

  /**
   * Writes {@code length} bytes of {@code src} at {@code srcIndex}; {@code src}'s indexes stay.
   *
   * @param src the source
   * @param srcIndex the absolute index in {@code src}
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if the range is outside {@code src} or the buffer cannot grow
   *     enough
   */
  public final ByteBuf writeBytes(ByteBuf src, int srcIndex, int length) {
    int w = prepareWrite(length);
    src.getBytes(srcIndex, this, w, length);
    writerIndex = w + length;
    return this;
  }

  /**
   * Writes up to {@code length} bytes read from a stream (one read call).
   *
   * @param in the stream
   * @param length the maximum number of bytes
   * @return the number of bytes written, or {@code -1} at the end of the stream
   * @throws IOException if the stream fails
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final int writeBytes(InputStream in, int length) throws IOException {
    int w = prepareWrite(length);
    int n = setBytes(w, in, length);
    if (n > 0) {
      writerIndex = w + n;
    }
    return n;
  }

  /**
   * Writes up to {@code length} bytes read from a channel (one read call).
   *
   * @param in the channel
   * @param length the maximum number of bytes
   * @return the number of bytes written, or {@code -1} at the end of the stream
   * @throws IOException if the channel fails
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final int writeBytes(ScatteringByteChannel in, int length) throws IOException {
    int w = prepareWrite(length);
    int n = setBytes(w, in, length);
    if (n > 0) {
      writerIndex = w + n;
    }
    return n;
  }

  /**
   * Writes up to {@code length} bytes read from a file at {@code position}.
   *
   * @param in the file
   * @param position the file position
   * @param length the maximum number of bytes
   * @return the number of bytes written, or {@code -1} at the end of the file
   * @throws IOException if the file fails
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final int writeBytes(FileChannel in, long position, int length) throws IOException {
    int w = prepareWrite(length);
    int n = setBytes(w, in, position, length);
    if (n > 0) {
      writerIndex = w + n;
    }
    return n;
  }

  /**
   * Writes {@code length} zero bytes.
   *
   * @param length the number of bytes
   * @return this buffer
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final ByteBuf writeZero(int length) {
    int w = prepareWrite(length);
    ByteBufs.fillZero(this, w, length);
    writerIndex = w + length;
    return this;
  }

  /**
   * Encodes {@code sequence} with {@code charset} at the writer index.
   *
   * @param sequence the characters
   * @param charset the encoding
   * @return the number of bytes written
   * @throws IndexOutOfBoundsException if the buffer cannot grow enough
   */
  public final int writeCharSequence(CharSequence sequence, Charset charset) {
    byte[] bytes = sequence.toString().getBytes(charset);
    writeBytes(bytes);
    return bytes.length;
  }

  // =============================================================================================
  // Search: entry points of ByteSearch, which checks and clamps, then runs scanAsc or scanDesc of
  // the core (a single byte value with the word-at-a-time ByteFinder).

  /**
   * Finds {@code value} between two indexes: forward in {@code [fromIndex, toIndex)} when {@code
   * fromIndex <= toIndex}, otherwise backward from {@code fromIndex - 1} down to {@code toIndex}.
   * Indexes are clamped to the capacity.
   *
   * @param fromIndex where to start
   * @param toIndex where to stop
   * @param value the byte to find
   * @return the absolute index of the first match, or {@code -1}
   */
  public final int indexOf(int fromIndex, int toIndex, byte value) {
    return ByteSearch.indexOf(this, fromIndex, toIndex, value);
  }

  /**
   * Returns the number of readable bytes before the first {@code value}.
   *
   * @param value the byte to find
   * @return the distance from the reader index, or {@code -1} if not readable
   */
  public final int bytesBefore(byte value) {
    return bytesBefore(readerIndex, readableBytes(), value);
  }

  /**
   * Returns the number of bytes before the first {@code value} among the next {@code length}
   * readable bytes.
   *
   * @param length the number of bytes to search
   * @param value the byte to find
   * @return the distance from the reader index, or {@code -1}
   * @throws IndexOutOfBoundsException if fewer than {@code length} bytes are readable
   */
  public final int bytesBefore(int length, byte value) {
    return bytesBefore(checkReadableBulk(length), length, value);
  }

  /**
   * Returns the number of bytes before the first {@code value} in {@code [index, index + length)}.
   *
   * @param index the absolute start
   * @param length the number of bytes to search
   * @param value the byte to find
   * @return the distance from {@code index}, or {@code -1}
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int bytesBefore(int index, int length, byte value) {
    return ByteSearch.bytesBefore(this, index, length, value);
  }

  /**
   * Visits the readable bytes in ascending order until {@code processor} returns {@code false}.
   *
   * @param processor the visitor
   * @return the absolute index where it stopped, or {@code -1}
   */
  public final int forEachByte(ByteProcessor processor) {
    return ByteSearch.forEachByte(this, readerIndex, writerIndex - readerIndex, processor);
  }

  /**
   * Visits {@code [index, index + length)} in ascending order until {@code processor} returns
   * {@code false}.
   *
   * @param index the absolute start
   * @param length the number of bytes
   * @param processor the visitor
   * @return the absolute index where it stopped, or {@code -1}
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int forEachByte(int index, int length, ByteProcessor processor) {
    return ByteSearch.forEachByte(this, index, length, processor);
  }

  /**
   * Visits the readable bytes in descending order until {@code processor} returns {@code false}.
   *
   * @param processor the visitor
   * @return the absolute index where it stopped, or {@code -1}
   */
  public final int forEachByteDesc(ByteProcessor processor) {
    return ByteSearch.forEachByteDesc(this, readerIndex, writerIndex - readerIndex, processor);
  }

  /**
   * Visits {@code [index, index + length)} in descending order until {@code processor} returns
   * {@code false}.
   *
   * @param index the absolute start
   * @param length the number of bytes
   * @param processor the visitor
   * @return the absolute index where it stopped, or {@code -1}
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public final int forEachByteDesc(int index, int length, ByteProcessor processor) {
    return ByteSearch.forEachByteDesc(this, index, length, processor);
  }

  // =============================================================================================
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

  // =============================================================================================
  // Memory and NIO views.

  /**
   * Returns the allocator that created this buffer; growth and copies use it.
   *
   * @return the allocator
   */
  public abstract ByteBufAllocator alloc();

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

  // =============================================================================================
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
    return BulkTransfer.decode(this, index, length, charset);
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

  // =============================================================================================
  // The core: what an implementation provides. Callers have checked bounds and accessibility.

  /**
   * Loads the {@code width}-byte field at {@code index} in the given byte order.
   *
   * <p>Callers pass {@code width} and {@code bigEndian} as constants, so once this is inlined the
   * JIT keeps one case: one load of the right width and order, as if each width had its own method.
   *
   * @param index a checked index
   * @param width 1, 2, 4 or 8
   * @param bigEndian {@code true} for big-endian, {@code false} for little-endian; any for width 1
   * @return the field, sign-extended from its width
   */
  protected abstract long load(int index, int width, boolean bigEndian);

  /**
   * Stores the low {@code width} bytes of {@code value} at {@code index} in the given byte order;
   * the bytes around the field stay untouched.
   *
   * @param index a checked index
   * @param width 1, 2, 4 or 8
   * @param value the value; its higher bytes are ignored
   * @param bigEndian {@code true} for big-endian, {@code false} for little-endian; any for width 1
   */
  protected abstract void store(int index, int width, long value, boolean bigEndian);

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
   * Scans {@code [start, end)} in ascending order; a subclass may override it with a faster loop.
   *
   * @param start a checked start index
   * @param end a checked end index
   * @param processor the visitor
   * @return the index where {@code processor} stopped, or {@code -1}
   */
  protected int scanAsc(int start, int end, ByteProcessor processor) {
    for (int i = start; i < end; i++) {
      if (!processor.process((byte) load(i, 1, true))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Scans {@code [start, end)} in descending order; a subclass may override it with a faster loop.
   *
   * @param start a checked start index
   * @param end a checked end index
   * @param processor the visitor
   * @return the index where {@code processor} stopped, or {@code -1}
   */
  protected int scanDesc(int start, int end, ByteProcessor processor) {
    for (int i = end - 1; i >= start; i--) {
      if (!processor.process((byte) load(i, 1, true))) {
        return i;
      }
    }
    return -1;
  }

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

  /**
   * Throws if this buffer was released and accessibility checks are on.
   *
   * @throws IllegalReferenceCountException if the buffer was released
   */
  protected final void ensureAccessible() {
    // A root's own count decides without a call. A view's own count is 0 (see
    // countsReferencesElsewhere), so only views and released roots make the call: it stays
    // monomorphic on the views a path sees, and inlined, however many root classes pass through.
    if (CHECK_ACCESSIBLE && refCnt == 0 && !isAccessible()) {
      throw released();
    }
  }

  /**
   * For the constructors of views whose {@link #retain}, {@link #release}, {@link #refCnt()} and
   * {@link #isAccessible()} all go to another buffer: sets this buffer's own reference count, which
   * nothing else reads then, to 0, so that the access checks ask {@link #isAccessible()} for it.
   */
  protected final void countsReferencesElsewhere() {
    refCnt = 0;
  }

  /**
   * Returns whether {@code buf} is accessible, reading a root buffer's own count without a call (so
   * that a view asking its owner makes no virtual call when the owner is a root).
   *
   * @param buf the buffer, typically a view's reference-count owner
   * @return {@code true} unless released
   */
  protected static boolean accessible(ByteBuf buf) {
    return buf.refCnt != 0 || buf.isAccessible();
  }

  /**
   * Checks accessibility and that {@code [index, index + length)} is inside the capacity, for
   * implementations' own public methods ({@link #nioBuffer(int, int)} and the like).
   *
   * @param index the absolute start
   * @param length the number of bytes
   * @throws IndexOutOfBoundsException if the range is outside the capacity
   * @throws IllegalReferenceCountException if the buffer was released
   */
  protected final void checkIndex(int index, int length) {
    ensureAccessible();
    Objects.checkFromIndexSize(index, length, capacity);
  }

  // =============================================================================================
  // Checks and the per-width mechanism behind the primitive accessors.
  //
  // Primitive accessors do not load the reference count: a root buffer makes its memory
  // unreachable when it is freed (an empty array, an empty segment, or an address no access can
  // pass), so the memory's own bounds check fails on a released buffer, and accessFailure turns
  // that failure into IllegalReferenceCountException. Everything else checks the count up front.
  // The three index helpers at, readAt and writeAt are the only bounds checks of the primitive
  // accessors. Every accessor of the family is one line over get, set, read or write, which take
  // the field's width and byte order as constants; the core's load and store take them too, so
  // each implementation writes its memory access once, not once per width and order.

  // Out of line so that the inlined access path holds no exception construction.
  private static IllegalReferenceCountException released() {
    return new IllegalReferenceCountException(0);
  }

  /** Checks that {@code width} bytes at {@code index} are inside the capacity; returns index. */
  private int at(int index, int width) {
    if ((index | (capacity - index - width)) < 0) {
      throw boundsFailure(index, width);
    }
    return index;
  }

  /** Checks that {@code width} bytes are readable; returns the reader index (not advanced). */
  private int readAt(int width) {
    int r = readerIndex;
    if (r > writerIndex - width) {
      throw readFailure(r, width);
    }
    return r;
  }

  /** Makes room for {@code width} bytes; returns the writer index (not advanced). */
  private int writeAt(int width) {
    int w = writerIndex;
    if (width > capacity - w) {
      grow(w, width);
    }
    return w;
  }

  private RuntimeException boundsFailure(int index, int length) {
    if (CHECK_ACCESSIBLE && !isAccessible()) {
      return released();
    }
    return new IndexOutOfBoundsException(
        "index: " + index + ", length: " + length + " (expected: range(0, " + capacity + "))");
  }

  private RuntimeException readFailure(int r, int length) {
    if (CHECK_ACCESSIBLE && !isAccessible()) {
      return released();
    }
    return new IndexOutOfBoundsException(
        "readerIndex(" + r + ") + length(" + length + ") exceeds writerIndex(" + writerIndex + ")");
  }

  /** Turns a core access that failed after the bounds check into the right exception. */
  private RuntimeException accessFailure(IndexOutOfBoundsException e) {
    if (CHECK_ACCESSIBLE && !isAccessible()) {
      return released();
    }
    return e;
  }

  /** Checks accessibility and that {@code length >= 0} bytes are readable; returns the index. */
  private int checkReadableBulk(int length) {
    if (length < 0) {
      throw new IllegalArgumentException("length: " + length + " (expected: >= 0)");
    }
    ensureAccessible();
    return readAt(length);
  }

  /** Makes room for {@code length} more bytes and returns the writer index to write them at. */
  private int prepareWrite(int length) {
    ensureAccessible();
    return writeAt(length);
  }

  private void grow(int w, int length) {
    ensureAccessible();
    if (length < 0) {
      throw new IllegalArgumentException("length: " + length + " (expected: >= 0)");
    }
    if (isReadOnly()) {
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

  /** Reads the field at {@code index}, checked against the capacity; sign-extended. */
  private long get(int index, int width, boolean bigEndian) {
    return loadChecked(at(index, width), width, bigEndian);
  }

  /** Writes the low {@code width} bytes of {@code value} at {@code index}, checked. */
  private ByteBuf set(int index, int width, long value, boolean bigEndian) {
    storeChecked(at(index, width), width, value, bigEndian);
    return this;
  }

  /** Reads the field at the reader index and advances it; sign-extended. */
  private long read(int width, boolean bigEndian) {
    int r = readAt(width);
    long value = loadChecked(r, width, bigEndian);
    readerIndex = r + width;
    return value;
  }

  /** Writes the field at the writer index, growing the buffer if needed, and advances it. */
  private ByteBuf write(int width, long value, boolean bigEndian) {
    int w = writeAt(width);
    storeChecked(w, width, value, bigEndian);
    writerIndex = w + width;
    return this;
  }

  /**
   * Loads a field whose range was checked, turning a failure of the memory's own check (the buffer
   * was released) into {@link IllegalReferenceCountException}. A medium (width 3) is a short and a
   * byte: the core only knows the widths of Java's primitives.
   */
  private long loadChecked(int index, int width, boolean bigEndian) {
    try {
      return width == 3 ? loadMedium(index, bigEndian) : load(index, width, bigEndian);
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  /** Stores a field whose range was checked; see {@link #loadChecked}. */
  private void storeChecked(int index, int width, long value, boolean bigEndian) {
    try {
      if (width == 3) {
        storeMedium(index, value, bigEndian);
      } else {
        store(index, width, value, bigEndian);
      }
    } catch (IndexOutOfBoundsException e) {
      throw accessFailure(e);
    }
  }

  private long loadMedium(int index, boolean bigEndian) {
    long medium =
        bigEndian
            ? ((load(index, 2, true) & 0xffff) << 8) | (load(index + 2, 1, true) & 0xff)
            : (load(index, 1, false) & 0xff) | ((load(index + 1, 2, false) & 0xffff) << 8);
    return (medium << 40) >> 40;
  }

  private void storeMedium(int index, long value, boolean bigEndian) {
    if (bigEndian) {
      store(index, 2, value >>> 8, true);
      store(index + 2, 1, value, true);
    } else {
      store(index, 1, value, false);
      store(index + 1, 2, value >>> 8, false);
    }
  }
}

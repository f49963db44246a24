package io.tern.buffer.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteProcessor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The buffer core over a {@link MemorySegment}: {@code capacity} bytes of {@code memory} starting
 * at {@code offset}. Primitives go through one unaligned value layout per width and byte order.
 *
 * <p><b>One check per access.</b> Primitive loads and stores do not go through {@code memory}
 * (whose own bounds and liveness checks would come on top of the buffer's bounds check) but through
 * {@link #ALL}, one global segment spanning every address, at {@code address + index}: the JIT
 * folds {@code ALL}'s size and scope, so what is left of its check is one unsigned compare. The
 * buffer's own bounds check ({@code ByteBuf}'s) is the one that matters, and it is always made
 * first. A released buffer sets {@code address} to {@link #UNREACHABLE}, a negative number, so
 * every later access fails {@code ALL}'s compare and turns into {@code
 * IllegalReferenceCountException} before touching memory: freed native memory is never read, with
 * or without {@code io.tern.buffer.checkAccessible}.
 *
 * <p>This is only sound for memory whose lifetime the buffer controls (freed by our own release,
 * never by the GC while the buffer is reachable): {@link NativeMemory} and pool chunks. Subclasses
 * over memory owned by someone else (a {@code ByteBuffer}) must bind it with {@code addressable ==
 * false}, which keeps {@code address} unreachable, and override the primitive core with {@link
 * #loadFromMemory} and {@link #storeToMemory}, which access through {@code memory} and its checks.
 *
 * <p>The final subclasses re-declare the primitive load and store as forwarders to these (super
 * calls, no logic), as the heap ones do (see {@link ArrayByteBuf}): C2 then guards an inlined
 * accessor's core call with one class-word compare instead of a primary-supers lookup.
 *
 * <p>Subclasses decide where the segment comes from and what release does ({@link
 * UnpooledDirectByteBuf} frees it; a pooled buffer returns its region to the pool), use {@link
 * #bind} and {@link #init} to (re)bind the memory and {@link #unbind} on release.
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

  /** Every native address, for the primitive accessors (see the class description). */
  private static final MemorySegment ALL = NativeMemory.ALL;

  /** An address below 0 by more than any index, so no access through {@link #ALL} passes. */
  private static final long UNREACHABLE = Long.MIN_VALUE / 2;

  /** The memory. */
  protected MemorySegment memory;

  /** Where index 0 of this buffer is in {@link #memory}. */
  protected long offset;

  /** The native address of index 0, or {@link #UNREACHABLE}. */
  private long address;

  protected SegmentByteBuf(
      MemorySegment memory, long offset, int capacity, int maxCapacity, boolean addressable) {
    super(capacity, maxCapacity);
    bind(memory, offset, addressable);
  }

  /**
   * Binds memory: {@code capacity()} bytes at {@code offset} of {@code memory} must stay valid
   * until the next {@code bind} or {@link #unbind}. {@code addressable} says whether primitives may
   * go through {@link #ALL}: only for native memory this buffer's release frees or returns.
   */
  protected final void bind(MemorySegment memory, long offset, boolean addressable) {
    this.memory = memory;
    this.offset = offset;
    this.address =
        addressable && memory.isNative() && memory.byteSize() > 0
            ? memory.address() + offset
            : UNREACHABLE;
  }

  /** Binds new addressable memory and resets the buffer for reuse (pooled implementations). */
  protected final void init(MemorySegment memory, long offset, int capacity, int maxCapacity) {
    bind(memory, offset, true);
    reuse(capacity, maxCapacity);
  }

  /**
   * Returns the native address of index 0, or a negative number if this buffer's bytes may not be
   * addressed directly (memory owned by someone else, or released). For code of this module that
   * writes a range it has checked against {@link #capacity()} through {@link NativeMemory#ALL} in
   * one go (text encoding), without the per-access checks of {@link #memory}.
   *
   * @return the address of index 0, or a negative number
   */
  public final long rawAddress() {
    return address;
  }

  /** Drops the memory on release: every later access fails before touching it. */
  protected final void unbind() {
    memory = MemorySegment.NULL;
    offset = 0;
    address = UNREACHABLE;
  }

  @Override
  protected long load(int index, int width, boolean bigEndian) {
    return loadFrom(ALL, address + index, width, bigEndian);
  }

  @Override
  protected void store(int index, int width, long value, boolean bigEndian) {
    storeTo(ALL, address + index, width, value, bigEndian);
  }

  /**
   * The same core through {@link #memory} and its own checks, for subclasses over borrowed memory.
   *
   * @param index a checked index
   * @param width 1, 2, 4 or 8
   * @param bigEndian the byte order
   * @return the field, sign-extended
   */
  protected final long loadFromMemory(int index, int width, boolean bigEndian) {
    return loadFrom(memory, offset + index, width, bigEndian);
  }

  /**
   * The same core through {@link #memory} and its own checks, for subclasses over borrowed memory.
   *
   * @param index a checked index
   * @param width 1, 2, 4 or 8
   * @param value the value; its higher bytes are ignored
   * @param bigEndian the byte order
   */
  protected final void storeToMemory(int index, int width, long value, boolean bigEndian) {
    storeTo(memory, offset + index, width, value, bigEndian);
  }

  private static long loadFrom(MemorySegment m, long at, int width, boolean bigEndian) {
    return switch (width) {
      case 1 -> m.get(ValueLayout.JAVA_BYTE, at);
      case 2 -> m.get(bigEndian ? SHORT_BE : SHORT_LE, at);
      case 4 -> m.get(bigEndian ? INT_BE : INT_LE, at);
      default -> m.get(bigEndian ? LONG_BE : LONG_LE, at);
    };
  }

  private static void storeTo(MemorySegment m, long at, int width, long value, boolean bigEndian) {
    switch (width) {
      case 1 -> m.set(ValueLayout.JAVA_BYTE, at, (byte) value);
      case 2 -> m.set(bigEndian ? SHORT_BE : SHORT_LE, at, (short) value);
      case 4 -> m.set(bigEndian ? INT_BE : INT_LE, at, (int) value);
      default -> m.set(bigEndian ? LONG_BE : LONG_LE, at, value);
    }
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
    if (processor instanceof BulkByteProcessor bulk) {
      return bulk.scan(m, off, start, end);
    }
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
    checkIndex(index, length);
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

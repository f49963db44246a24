package io.tern.buffer.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.ByteProcessor;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;

/**
 * A buffer that views {@code capacity} bytes of another buffer (its {@link #memory}) starting at
 * {@link #adjustment}, with its own indexes: slices, duplicates, read-only views and wrappers.
 *
 * <p>The core forwards to {@code memory}'s public API. {@code memory} is always a root (a view of a
 * view views the root directly), and reference counting goes to a separately chosen owner, so that
 * a slice of a leak-tracked buffer releases through the tracking wrapper.
 */
public abstract class ViewByteBuf extends ByteBuf {
  /** The root buffer holding the bytes. */
  protected final ByteBuf memory;

  /** Index in {@link #memory} of this view's index 0. */
  protected final int adjustment;

  private final boolean readOnly;

  protected ViewByteBuf(
      ByteBuf memory, int adjustment, int capacity, int maxCapacity, boolean readOnly) {
    super(capacity, maxCapacity);
    countsReferencesElsewhere(); // every view overrides the four reference-count methods
    this.memory = memory;
    this.adjustment = adjustment;
    this.readOnly = readOnly;
  }

  /** The buffer whose reference count this view's retain/release change. */
  protected abstract ByteBuf refOwner();

  /** Creates a slice of a checked range of {@code buf}. */
  public static ByteBuf slice(ByteBuf buf, int index, int length) {
    ViewByteBuf view =
        buf instanceof ViewByteBuf v
            ? new DerivedByteBuf(
                v.memory, v.adjustment + index, v.refOwner(), length, length, buf.isReadOnly())
            : new DerivedByteBuf(buf, index, buf, length, length, buf.isReadOnly());
    view.setIndex(0, length);
    return view;
  }

  /** Creates a duplicate of {@code buf}, read-only if asked or if {@code buf} is. */
  public static ByteBuf duplicate(ByteBuf buf, boolean readOnly) {
    boolean ro = readOnly || buf.isReadOnly();
    int cap = buf.capacity();
    ViewByteBuf view =
        buf instanceof ViewByteBuf v
            ? new DerivedByteBuf(v.memory, v.adjustment, v.refOwner(), cap, buf.maxCapacity(), ro)
            : new DerivedByteBuf(buf, 0, buf, cap, buf.maxCapacity(), ro);
    view.setIndex(buf.readerIndex(), buf.writerIndex());
    return view;
  }

  private void checkWritable() {
    if (readOnly) {
      ensureAccessible(); // a released buffer reports that first, like every other access
      throw new ReadOnlyBufferException();
    }
  }

  @Override
  protected long load(int index, int width, boolean bigEndian) {
    return ByteBufs.getField(memory, index + adjustment, width, bigEndian);
  }

  @Override
  protected void store(int index, int width, long value, boolean bigEndian) {
    checkWritable();
    ByteBufs.setField(memory, index + adjustment, width, value, bigEndian);
  }

  @Override
  protected void copyTo(int index, byte[] dst, int dstIndex, int length) {
    memory.getBytes(index + adjustment, dst, dstIndex, length);
  }

  @Override
  protected void copyTo(int index, MemorySegment dst, long dstOffset, int length) {
    memory.getBytes(index + adjustment, dst, dstOffset, length);
  }

  @Override
  protected void copyFrom(int index, byte[] src, int srcIndex, int length) {
    checkWritable();
    memory.setBytes(index + adjustment, src, srcIndex, length);
  }

  @Override
  protected void copyFrom(int index, MemorySegment src, long srcOffset, int length) {
    checkWritable();
    memory.setBytes(index + adjustment, src, srcOffset, length);
  }

  @Override
  protected int scanAsc(int start, int end, ByteProcessor processor) {
    int i = memory.forEachByte(start + adjustment, end - start, processor);
    return i < 0 ? -1 : i - adjustment;
  }

  @Override
  protected int scanDesc(int start, int end, ByteProcessor processor) {
    int i = memory.forEachByteDesc(start + adjustment, end - start, processor);
    return i < 0 ? -1 : i - adjustment;
  }

  /** Only a view of the whole of its memory can follow it to a new capacity. */
  @Override
  protected void adjustCapacity(int newCapacity) {
    if (adjustment != 0 || capacity() != memory.capacity()) {
      throw new UnsupportedOperationException("a slice cannot change capacity");
    }
    checkWritable();
    memory.capacity(newCapacity);
    updateCapacity(memory.capacity());
  }

  @Override
  protected void deallocate() {
    // The memory belongs to the root, released through refOwner().
  }

  @Override
  public ByteBufAllocator alloc() {
    return memory.alloc();
  }

  @Override
  public ByteBuffer nioBuffer(int index, int length) {
    checkIndex(index, length);
    ByteBuffer b = memory.nioBuffer(index + adjustment, length);
    return readOnly ? b.asReadOnlyBuffer() : b;
  }

  @Override
  public int nioBufferCount() {
    return memory.nioBufferCount();
  }

  @Override
  public ByteBuffer[] nioBuffers(int index, int length) {
    checkIndex(index, length);
    ByteBuffer[] buffers = memory.nioBuffers(index + adjustment, length);
    if (readOnly) {
      for (int i = 0; i < buffers.length; i++) {
        buffers[i] = buffers[i].asReadOnlyBuffer();
      }
    }
    return buffers;
  }

  @Override
  public boolean isDirect() {
    return memory.isDirect();
  }

  @Override
  public boolean isReadOnly() {
    return readOnly || memory.isReadOnly();
  }

  @Override
  public boolean hasArray() {
    return !readOnly && memory.hasArray();
  }

  @Override
  public byte[] array() {
    ensureAccessible();
    if (readOnly) {
      throw new ReadOnlyBufferException();
    }
    return memory.array();
  }

  @Override
  public int arrayOffset() {
    if (readOnly) {
      throw new ReadOnlyBufferException();
    }
    return memory.arrayOffset() + adjustment;
  }

  @Override
  public boolean hasMemorySegment() {
    return memory.hasMemorySegment();
  }

  @Override
  public MemorySegment memorySegment() {
    ensureAccessible();
    MemorySegment segment = memory.memorySegment().asSlice(adjustment, capacity());
    return readOnly ? segment.asReadOnly() : segment;
  }

  @Override
  public ByteBuf unwrap() {
    return memory;
  }

  @Override
  public boolean isAccessible() {
    return refOwner().isAccessible();
  }
}

package io.tern.buffer;

import io.tern.buffer.internal.LeakAware;
import io.tern.common.IllegalReferenceCountException;
import io.tern.common.ReferenceCountHint;
import io.tern.common.ResourceLeakTracker;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * A buffer made of other buffers (components) without copying them, e.g. a header and a body.
 *
 * <p>Each component contributes its readable bytes as they were when added; the component is kept
 * as is (not sliced). {@link #addComponent(ByteBuf)} does not move the writer index; use {@link
 * #addComponent(boolean, ByteBuf)} with {@code true} to make the added bytes readable.
 *
 * <p>Finding the component of an index is a binary search over the components' offsets, with the
 * last component found cached for sequential access (see {@code CompositeComponents}, which also
 * splits values that cross a component boundary). Inserting {@code m} components into {@code n}
 * costs {@code O(m + n)}. Past {@link #maxNumComponents()} components, all of them are copied into
 * one.
 *
 * <h2>Threading</h2>
 *
 * <p>Like any buffer: one thread at a time uses it and its indexes; reference counting is
 * thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>A composite is a buffer with its own reference count (see {@link ByteBuf}) and owns its
 * components: adding a buffer hands its reference to the composite, which releases every component,
 * including empty ones, when it is released itself or when a component is removed or consolidated;
 * a component buffer must not be used by anyone else after it was added. {@link #component(int)}
 * and the iterator return slices that share a component's count without retaining it.
 */
public class CompositeByteBuf extends ByteBuf implements Iterable<ByteBuf> {
  static final int DEFAULT_MAX_COMPONENTS = 16;

  private final ByteBufAllocator alloc;
  private final boolean direct;
  private final int maxNumComponents;
  private final CompositeComponents parts = new CompositeComponents();
  private final ResourceLeakTracker<ByteBuf> leak;

  /**
   * Creates an empty composite.
   *
   * @param alloc the allocator for growth and consolidation
   * @param direct whether growth and consolidation allocate direct buffers
   * @param maxNumComponents how many components to hold before consolidating, at least 1
   * @throws IllegalArgumentException if {@code maxNumComponents} is below 1
   */
  public CompositeByteBuf(ByteBufAllocator alloc, boolean direct, int maxNumComponents) {
    super(0, Integer.MAX_VALUE);
    if (maxNumComponents < 1) {
      throw new IllegalArgumentException(
          "maxNumComponents: " + maxNumComponents + " (expected: >= 1)");
    }
    this.alloc = Objects.requireNonNull(alloc, "alloc");
    this.direct = direct;
    this.maxNumComponents = maxNumComponents;
    this.leak = LeakAware.trackSelf(this);
  }

  /**
   * Creates a composite of {@code buffers}, all readable (the writer index is at the end).
   *
   * @param alloc the allocator for growth and consolidation
   * @param direct whether growth and consolidation allocate direct buffers
   * @param maxNumComponents how many components to hold before consolidating, at least 1
   * @param buffers the components, owned by the composite from now on
   */
  public CompositeByteBuf(
      ByteBufAllocator alloc, boolean direct, int maxNumComponents, ByteBuf... buffers) {
    this(alloc, direct, maxNumComponents);
    addComponents(true, buffers);
  }

  // ---------------------------------------------------------------------------------------------
  // Components.

  /**
   * Appends a component without moving the writer index.
   *
   * @param buffer the component, owned by the composite from now on
   * @return this composite
   */
  public CompositeByteBuf addComponent(ByteBuf buffer) {
    return addComponents(false, parts.count(), buffer);
  }

  /**
   * Appends a component.
   *
   * @param increaseWriterIndex whether to make its bytes readable
   * @param buffer the component, owned by the composite from now on
   * @return this composite
   */
  public CompositeByteBuf addComponent(boolean increaseWriterIndex, ByteBuf buffer) {
    return addComponents(increaseWriterIndex, parts.count(), buffer);
  }

  /**
   * Inserts a component at position {@code cIndex} without moving the writer index.
   *
   * @param cIndex the component position, {@code 0..numComponents()}
   * @param buffer the component, owned by the composite from now on
   * @return this composite
   */
  public CompositeByteBuf addComponent(int cIndex, ByteBuf buffer) {
    return addComponents(false, cIndex, buffer);
  }

  /**
   * Inserts a component at position {@code cIndex}.
   *
   * @param increaseWriterIndex whether to make its bytes readable
   * @param cIndex the component position, {@code 0..numComponents()}
   * @param buffer the component, owned by the composite from now on
   * @return this composite
   */
  public CompositeByteBuf addComponent(boolean increaseWriterIndex, int cIndex, ByteBuf buffer) {
    return addComponents(increaseWriterIndex, cIndex, buffer);
  }

  /**
   * Appends components without moving the writer index.
   *
   * @param buffers the components, owned by the composite from now on
   * @return this composite
   */
  public CompositeByteBuf addComponents(ByteBuf... buffers) {
    return addComponents(false, parts.count(), buffers);
  }

  /**
   * Appends components.
   *
   * @param increaseWriterIndex whether to make their bytes readable
   * @param buffers the components, owned by the composite from now on
   * @return this composite
   */
  public CompositeByteBuf addComponents(boolean increaseWriterIndex, ByteBuf... buffers) {
    return addComponents(increaseWriterIndex, parts.count(), buffers);
  }

  /**
   * Appends components.
   *
   * @param increaseWriterIndex whether to make their bytes readable
   * @param buffers the components, owned by the composite from now on
   * @return this composite
   */
  public CompositeByteBuf addComponents(boolean increaseWriterIndex, Iterable<ByteBuf> buffers) {
    List<ByteBuf> list = new ArrayList<>();
    buffers.forEach(list::add);
    return addComponents(increaseWriterIndex, parts.count(), list.toArray(new ByteBuf[0]));
  }

  /**
   * Inserts components at position {@code cIndex} without moving the writer index.
   *
   * @param cIndex the component position, {@code 0..numComponents()}
   * @param buffers the components, owned by the composite from now on
   * @return this composite
   */
  public CompositeByteBuf addComponents(int cIndex, ByteBuf... buffers) {
    return addComponents(false, cIndex, buffers);
  }

  /**
   * Inserts components at position {@code cIndex} in {@code O(m + n)}. On failure every buffer
   * passed in is released.
   *
   * @param increaseWriterIndex whether to make their bytes readable
   * @param cIndex the component position, {@code 0..numComponents()}
   * @param buffers the components, owned by the composite from now on
   * @return this composite
   * @throws NullPointerException if a buffer is {@code null}
   * @throws IndexOutOfBoundsException if {@code cIndex} is out of range
   * @throws IllegalReferenceCountException if this composite was released
   */
  public CompositeByteBuf addComponents(
      boolean increaseWriterIndex, int cIndex, ByteBuf... buffers) {
    parts.checkInsert(this, cIndex, buffers);
    int added = parts.insert(cIndex, buffers);
    updateCapacity(capacity() + added);
    if (increaseWriterIndex) {
      writerIndex(writerIndex() + added);
    }
    if (parts.count() > maxNumComponents) {
      consolidate(0, parts.count());
    }
    return this;
  }

  /**
   * Removes and releases the component at {@code cIndex}; indexes past the new capacity are
   * clamped.
   *
   * @param cIndex the component position
   * @return this composite
   * @throws IndexOutOfBoundsException if {@code cIndex} is out of range
   */
  public CompositeByteBuf removeComponent(int cIndex) {
    return removeComponents(cIndex, 1);
  }

  /**
   * Removes and releases {@code numComponents} components starting at {@code cIndex}.
   *
   * @param cIndex the first component position
   * @param numComponents how many to remove
   * @return this composite
   * @throws IndexOutOfBoundsException if the range is out of range
   */
  public CompositeByteBuf removeComponents(int cIndex, int numComponents) {
    Objects.checkFromIndexSize(cIndex, numComponents, parts.count());
    ensureAccessible();
    if (numComponents == 0) {
      return this;
    }
    shrinkTo(capacity() - parts.remove(cIndex, numComponents));
    return this;
  }

  private void shrinkTo(int newCapacity) {
    updateCapacity(newCapacity);
    int w = Math.min(writerIndex(), newCapacity);
    setIndex(Math.min(readerIndex(), w), w);
  }

  /**
   * Returns the number of components.
   *
   * @return the count
   */
  public int numComponents() {
    return parts.count();
  }

  /**
   * Returns how many components this composite holds before consolidating.
   *
   * @return the limit
   */
  public int maxNumComponents() {
    return maxNumComponents;
  }

  /**
   * Returns a slice of component {@code cIndex}'s bytes in this composite, sharing the component's
   * reference count (not retained).
   *
   * @param cIndex the component position
   * @return the component's bytes
   * @throws IndexOutOfBoundsException if {@code cIndex} is out of range
   */
  public ByteBuf component(int cIndex) {
    Objects.checkIndex(cIndex, parts.count());
    ensureAccessible();
    return parts.slice(cIndex);
  }

  /**
   * Returns the component holding byte {@code offset}, like {@link #component(int)}.
   *
   * @param offset an index below {@link #capacity()}
   * @return the component's bytes
   * @throws IndexOutOfBoundsException if {@code offset} is out of range
   */
  public ByteBuf componentAtOffset(int offset) {
    return component(toComponentIndex(offset));
  }

  /**
   * Returns the position of the component holding byte {@code offset}.
   *
   * @param offset an index below {@link #capacity()}
   * @return the component position
   * @throws IndexOutOfBoundsException if {@code offset} is out of range
   */
  public int toComponentIndex(int offset) {
    return parts.indexOf(offset, capacity());
  }

  /**
   * Iterates over slices of the components' bytes (not retained), without copying the component
   * list.
   *
   * @return the iterator
   */
  @Override
  public Iterator<ByteBuf> iterator() {
    ensureAccessible();
    return parts.slices(this::ensureAccessible);
  }

  /**
   * Copies all components into one.
   *
   * @return this composite
   */
  public CompositeByteBuf consolidate() {
    return consolidate(0, parts.count());
  }

  /**
   * Copies {@code numComponents} components starting at {@code cIndex} into one new component and
   * releases them.
   *
   * @param cIndex the first component position
   * @param numComponents how many to merge
   * @return this composite
   * @throws IndexOutOfBoundsException if the range is out of range
   */
  public CompositeByteBuf consolidate(int cIndex, int numComponents) {
    Objects.checkFromIndexSize(cIndex, numComponents, parts.count());
    ensureAccessible();
    if (numComponents <= 1) {
      return this;
    }
    int start = parts.get(cIndex).offset;
    int length = parts.get(cIndex + numComponents - 1).endOffset - start;
    ByteBuf merged = direct ? alloc.directBuffer(length) : alloc.heapBuffer(length);
    parts.merge(cIndex, numComponents, merged);
    return this;
  }

  /**
   * Removes and releases the components that were read completely; the indexes move down by their
   * length.
   *
   * @return this composite
   */
  public CompositeByteBuf discardReadComponents() {
    ensureAccessible();
    int r = readerIndex();
    if (r == 0) {
      return this;
    }
    int shift = parts.discardRead(r, capacity());
    if (shift == 0) {
      return this;
    }
    int w = writerIndex();
    updateCapacity(capacity() - shift);
    setIndex(r - shift, w - shift);
    return this;
  }

  /**
   * Drops the read bytes: releases the components read completely and cuts the read part off the
   * first one. Unlike other buffers nothing is moved, so the capacity shrinks by the number of
   * bytes discarded (and grows again on demand).
   *
   * @return this composite
   */
  @Override
  public CompositeByteBuf discardReadBytes() {
    discardReadComponents();
    int r = readerIndex();
    if (r == 0) {
      return this;
    }
    // The first component now starts before the reader index: cut its read part off.
    parts.cutFront(r);
    int w = writerIndex();
    updateCapacity(capacity() - r);
    setIndex(0, w - r);
    return this;
  }

  /**
   * Same as {@link #discardReadComponents()}.
   *
   * @return this composite
   */
  @Override
  public CompositeByteBuf discardSomeReadBytes() {
    return discardReadComponents();
  }

  // ---------------------------------------------------------------------------------------------
  // The core.

  @Override
  protected long load(int index, int width, boolean bigEndian) {
    return parts.load(index, width, bigEndian);
  }

  @Override
  protected void store(int index, int width, long value, boolean bigEndian) {
    parts.store(index, width, value, bigEndian);
  }

  @Override
  protected void copyTo(int index, byte[] dst, int dstIndex, int length) {
    parts.copyTo(index, dst, dstIndex, length);
  }

  @Override
  protected void copyTo(int index, MemorySegment dst, long dstOffset, int length) {
    parts.copyTo(index, dst, dstOffset, length);
  }

  @Override
  protected void copyFrom(int index, byte[] src, int srcIndex, int length) {
    parts.copyFrom(index, src, srcIndex, length);
  }

  @Override
  protected void copyFrom(int index, MemorySegment src, long srcOffset, int length) {
    parts.copyFrom(index, src, srcOffset, length);
  }

  @Override
  protected int scanAsc(int start, int end, ByteProcessor processor) {
    return parts.scanAsc(start, end, processor);
  }

  @Override
  protected int scanDesc(int start, int end, ByteProcessor processor) {
    return parts.scanDesc(start, end, processor);
  }

  @Override
  protected void adjustCapacity(int newCapacity) {
    int old = capacity();
    if (newCapacity > old) {
      int extra = newCapacity - old;
      ByteBuf padding = direct ? alloc.directBuffer(extra) : alloc.heapBuffer(extra);
      padding.writerIndex(extra);
      int w = writerIndex();
      addComponents(false, parts.count(), padding);
      writerIndex(w);
      return;
    }
    parts.truncate(old - newCapacity);
    updateCapacity(newCapacity);
  }

  @Override
  public CompositeByteBuf retain(int increment) {
    super.retain(increment);
    if (leak != null) {
      leak.record(ReferenceCountHint.RETAIN);
    }
    return this;
  }

  @Override
  public CompositeByteBuf retain() {
    return retain(1);
  }

  @Override
  public boolean release(int decrement) {
    boolean freed = super.release(decrement);
    if (leak != null && !freed) {
      leak.record(ReferenceCountHint.RELEASE);
    }
    return freed;
  }

  @Override
  public boolean release() {
    return release(1);
  }

  @Override
  public CompositeByteBuf touch() {
    if (leak != null) {
      leak.record();
    }
    return this;
  }

  @Override
  public CompositeByteBuf touch(Object hint) {
    if (leak != null) {
      leak.record(hint);
    }
    return this;
  }

  @Override
  protected void deallocate() {
    if (leak != null) {
      leak.close(this);
    }
    parts.releaseAll();
  }

  @Override
  public ByteBufAllocator alloc() {
    return alloc;
  }

  @Override
  public ByteBuffer nioBuffer(int index, int length) {
    checkIndex(index, length);
    return parts.nioBuffer(index, length);
  }

  @Override
  public int nioBufferCount() {
    return parts.nioBufferCount();
  }

  @Override
  public ByteBuffer[] nioBuffers(int index, int length) {
    checkIndex(index, length);
    return parts.nioBuffers(index, length);
  }

  @Override
  public boolean isDirect() {
    return parts.count() == 0 ? direct : parts.allDirect();
  }

  @Override
  public boolean hasArray() {
    return parts.hasArray();
  }

  @Override
  public byte[] array() {
    ensureAccessible();
    return parts.array();
  }

  @Override
  public int arrayOffset() {
    return parts.arrayOffset();
  }

  @Override
  public boolean hasMemorySegment() {
    return parts.hasMemorySegment();
  }

  @Override
  public MemorySegment memorySegment() {
    ensureAccessible();
    return parts.memorySegment();
  }

  @Override
  public String toString() {
    String s = super.toString();
    return s.substring(0, s.length() - 1) + ", components: " + parts.count() + ")";
  }
}

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
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A buffer made of other buffers (components) without copying them, e.g. a header and a body.
 *
 * <p>Each component contributes its readable bytes as they were when added; the component is kept
 * as is (not sliced). The composite owns its components: it releases every one of them, including
 * empty ones, when it is released itself or when a component is removed or consolidated; a
 * component buffer must not be used by anyone else after it was added. {@link
 * #addComponent(ByteBuf)} does not move the writer index; use {@link #addComponent(boolean,
 * ByteBuf)} with {@code true} to make the added bytes readable.
 *
 * <pre>
 *   composite index:  0 ........ 5 ......... 12 ...... 16
 *   components:       [  A: 5   ][   B: 7    ][ C: 4  ]
 * </pre>
 *
 * <p>Finding the component of an index is a binary search over the components' offsets, with the
 * last component found cached for sequential access. Inserting {@code m} components into {@code n}
 * costs {@code O(m + n)}. Past {@link #maxNumComponents()} components, all of them are copied into
 * one.
 *
 * <p>Threads: like any buffer, one thread at a time.
 */
public class CompositeByteBuf extends ByteBuf implements Iterable<ByteBuf> {
  static final int DEFAULT_MAX_COMPONENTS = 16;

  private final ByteBufAllocator alloc;
  private final boolean direct;
  private final int maxNumComponents;
  private Component[] components = new Component[4];
  private int componentCount;
  private Component lastAccessed;
  private final ResourceLeakTracker<ByteBuf> leak;

  /**
   * One component: bytes {@code [offset, endOffset)} of the composite are at {@code +adjustment}.
   */
  private static final class Component {
    final ByteBuf buf;
    int adjustment;
    int offset;
    int endOffset;

    Component(ByteBuf buf, int adjustment, int offset, int endOffset) {
      this.buf = buf;
      this.adjustment = adjustment;
      this.offset = offset;
      this.endOffset = endOffset;
    }

    int length() {
      return endOffset - offset;
    }

    void shift(int delta) {
      offset += delta;
      endOffset += delta;
      adjustment -= delta;
    }
  }

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
    return addComponents(false, componentCount, buffer);
  }

  /**
   * Appends a component.
   *
   * @param increaseWriterIndex whether to make its bytes readable
   * @param buffer the component, owned by the composite from now on
   * @return this composite
   */
  public CompositeByteBuf addComponent(boolean increaseWriterIndex, ByteBuf buffer) {
    return addComponents(increaseWriterIndex, componentCount, buffer);
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
    return addComponents(false, componentCount, buffers);
  }

  /**
   * Appends components.
   *
   * @param increaseWriterIndex whether to make their bytes readable
   * @param buffers the components, owned by the composite from now on
   * @return this composite
   */
  public CompositeByteBuf addComponents(boolean increaseWriterIndex, ByteBuf... buffers) {
    return addComponents(increaseWriterIndex, componentCount, buffers);
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
    return addComponents(increaseWriterIndex, componentCount, list.toArray(new ByteBuf[0]));
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
    try {
      for (ByteBuf b : buffers) {
        Objects.requireNonNull(b, "buffer");
        if (b == this) {
          throw new IllegalArgumentException("cannot add a composite to itself");
        }
      }
      Objects.checkIndex(cIndex, componentCount + 1);
      ensureAccessible();
    } catch (RuntimeException e) {
      for (ByteBuf b : buffers) {
        if (b != null && b != this) {
          b.release();
        }
      }
      throw e;
    }
    int n = buffers.length;
    if (componentCount + n > components.length) {
      Component[] bigger = new Component[Math.max(componentCount + n, components.length * 2)];
      System.arraycopy(components, 0, bigger, 0, componentCount);
      components = bigger;
    }
    System.arraycopy(components, cIndex, components, cIndex + n, componentCount - cIndex);
    int offset = cIndex == 0 ? 0 : components[cIndex - 1].endOffset;
    int start = offset;
    for (int i = 0; i < n; i++) {
      ByteBuf b = buffers[i];
      int length = b.readableBytes();
      components[cIndex + i] = new Component(b, b.readerIndex() - offset, offset, offset + length);
      offset += length;
    }
    componentCount += n;
    int added = offset - start;
    for (int i = cIndex + n; i < componentCount; i++) {
      components[i].shift(added);
    }
    updateCapacity(capacity() + added);
    if (increaseWriterIndex) {
      writerIndex(writerIndex() + added);
    }
    if (componentCount > maxNumComponents) {
      consolidate(0, componentCount);
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
    Objects.checkFromIndexSize(cIndex, numComponents, componentCount);
    ensureAccessible();
    if (numComponents == 0) {
      return this;
    }
    int removed = 0;
    for (int i = cIndex; i < cIndex + numComponents; i++) {
      removed += components[i].length();
      components[i].buf.release();
    }
    closeGap(cIndex, numComponents);
    for (int i = cIndex; i < componentCount; i++) {
      components[i].shift(-removed);
    }
    shrinkTo(capacity() - removed);
    return this;
  }

  private void closeGap(int cIndex, int numComponents) {
    System.arraycopy(
        components,
        cIndex + numComponents,
        components,
        cIndex,
        componentCount - cIndex - numComponents);
    for (int i = componentCount - numComponents; i < componentCount; i++) {
      components[i] = null;
    }
    componentCount -= numComponents;
    lastAccessed = null;
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
    return componentCount;
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
    Objects.checkIndex(cIndex, componentCount);
    ensureAccessible();
    Component c = components[cIndex];
    return c.buf.slice(c.offset + c.adjustment, c.length());
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
    Objects.checkIndex(offset, capacity());
    int lo = 0;
    int hi = componentCount - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      Component c = components[mid];
      if (offset >= c.endOffset) {
        lo = mid + 1;
      } else if (offset < c.offset) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    throw new IndexOutOfBoundsException("offset " + offset);
  }

  private Component find(int offset) {
    Component c = lastAccessed;
    if (c != null && offset >= c.offset && offset < c.endOffset) {
      return c;
    }
    c = components[toComponentIndex(offset)];
    lastAccessed = c;
    return c;
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
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < componentCount;
      }

      @Override
      public ByteBuf next() {
        if (next >= componentCount) {
          throw new NoSuchElementException();
        }
        return component(next++);
      }
    };
  }

  /**
   * Copies all components into one.
   *
   * @return this composite
   */
  public CompositeByteBuf consolidate() {
    return consolidate(0, componentCount);
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
    Objects.checkFromIndexSize(cIndex, numComponents, componentCount);
    ensureAccessible();
    if (numComponents <= 1) {
      return this;
    }
    int start = components[cIndex].offset;
    int end = components[cIndex + numComponents - 1].endOffset;
    int length = end - start;
    ByteBuf merged = direct ? alloc.directBuffer(length) : alloc.heapBuffer(length);
    for (int i = cIndex; i < cIndex + numComponents; i++) {
      Component c = components[i];
      merged.writeBytes(c.buf, c.offset + c.adjustment, c.length());
      c.buf.release();
    }
    components[cIndex] = new Component(merged, -start, start, end);
    closeGap(cIndex + 1, numComponents - 1);
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
    int k = 0;
    while (k < componentCount && components[k].endOffset <= r) {
      components[k].buf.release();
      k++;
    }
    if (k == 0) {
      return this;
    }
    int shift = k < componentCount ? components[k].offset : capacity();
    closeGap(0, k);
    for (int i = 0; i < componentCount; i++) {
      components[i].shift(-shift);
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
    for (int i = 0; i < componentCount; i++) {
      Component c = components[i];
      c.offset = Math.max(0, c.offset - r);
      c.endOffset -= r;
      c.adjustment += r;
    }
    int w = writerIndex();
    updateCapacity(capacity() - r);
    setIndex(0, w - r);
    lastAccessed = null;
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
  protected byte loadByte(int index) {
    Component c = find(index);
    return c.buf.getByte(index + c.adjustment);
  }

  @Override
  protected void storeByte(int index, byte value) {
    Component c = find(index);
    c.buf.setByte(index + c.adjustment, value);
  }

  @Override
  protected short loadShort(int index, boolean bigEndian) {
    Component c = find(index);
    if (index + 2 <= c.endOffset) {
      int i = index + c.adjustment;
      return bigEndian ? c.buf.getShort(i) : c.buf.getShortLE(i);
    }
    int b0 = loadByte(index) & 0xff;
    int b1 = loadByte(index + 1) & 0xff;
    return (short) (bigEndian ? (b0 << 8) | b1 : (b1 << 8) | b0);
  }

  @Override
  protected void storeShort(int index, short value, boolean bigEndian) {
    Component c = find(index);
    if (index + 2 <= c.endOffset) {
      int i = index + c.adjustment;
      if (bigEndian) {
        c.buf.setShort(i, value);
      } else {
        c.buf.setShortLE(i, value);
      }
      return;
    }
    storeByte(index, (byte) (bigEndian ? value >>> 8 : value));
    storeByte(index + 1, (byte) (bigEndian ? value : value >>> 8));
  }

  @Override
  protected int loadInt(int index, boolean bigEndian) {
    Component c = find(index);
    if (index + 4 <= c.endOffset) {
      int i = index + c.adjustment;
      return bigEndian ? c.buf.getInt(i) : c.buf.getIntLE(i);
    }
    int first = loadShort(index, bigEndian) & 0xffff;
    int second = loadShort(index + 2, bigEndian) & 0xffff;
    return bigEndian ? (first << 16) | second : (second << 16) | first;
  }

  @Override
  protected void storeInt(int index, int value, boolean bigEndian) {
    Component c = find(index);
    if (index + 4 <= c.endOffset) {
      int i = index + c.adjustment;
      if (bigEndian) {
        c.buf.setInt(i, value);
      } else {
        c.buf.setIntLE(i, value);
      }
      return;
    }
    storeShort(index, (short) (bigEndian ? value >>> 16 : value), bigEndian);
    storeShort(index + 2, (short) (bigEndian ? value : value >>> 16), bigEndian);
  }

  @Override
  protected long loadLong(int index, boolean bigEndian) {
    Component c = find(index);
    if (index + 8 <= c.endOffset) {
      int i = index + c.adjustment;
      return bigEndian ? c.buf.getLong(i) : c.buf.getLongLE(i);
    }
    long first = loadInt(index, bigEndian) & 0xFFFFFFFFL;
    long second = loadInt(index + 4, bigEndian) & 0xFFFFFFFFL;
    return bigEndian ? (first << 32) | second : (second << 32) | first;
  }

  @Override
  protected void storeLong(int index, long value, boolean bigEndian) {
    Component c = find(index);
    if (index + 8 <= c.endOffset) {
      int i = index + c.adjustment;
      if (bigEndian) {
        c.buf.setLong(i, value);
      } else {
        c.buf.setLongLE(i, value);
      }
      return;
    }
    storeInt(index, (int) (bigEndian ? value >>> 32 : value), bigEndian);
    storeInt(index + 4, (int) (bigEndian ? value : value >>> 32), bigEndian);
  }

  /** One step of a copy across components: {@code n} bytes at {@code bufIndex} of {@code buf}. */
  @FunctionalInterface
  private interface ComponentStep {
    void copy(ByteBuf buf, int bufIndex, int done, int n);
  }

  /** Walks the components covering {@code [index, index + length)} in order. */
  private void forEachComponent(int index, int length, ComponentStep step) {
    int done = 0;
    while (done < length) {
      Component c = find(index + done);
      int n = Math.min(length - done, c.endOffset - (index + done));
      step.copy(c.buf, index + done + c.adjustment, done, n);
      done += n;
    }
  }

  @Override
  protected void copyTo(int index, byte[] dst, int dstIndex, int length) {
    forEachComponent(
        index, length, (buf, at, done, n) -> buf.getBytes(at, dst, dstIndex + done, n));
  }

  @Override
  protected void copyTo(int index, MemorySegment dst, long dstOffset, int length) {
    forEachComponent(
        index, length, (buf, at, done, n) -> buf.getBytes(at, dst, dstOffset + done, n));
  }

  @Override
  protected void copyFrom(int index, byte[] src, int srcIndex, int length) {
    forEachComponent(
        index, length, (buf, at, done, n) -> buf.setBytes(at, src, srcIndex + done, n));
  }

  @Override
  protected void copyFrom(int index, MemorySegment src, long srcOffset, int length) {
    forEachComponent(
        index, length, (buf, at, done, n) -> buf.setBytes(at, src, srcOffset + done, n));
  }

  @Override
  protected int scanAsc(int start, int end, ByteProcessor processor) {
    int i = start;
    while (i < end) {
      Component c = find(i);
      int n = Math.min(end, c.endOffset) - i;
      int found = c.buf.forEachByte(i + c.adjustment, n, processor);
      if (found >= 0) {
        return found - c.adjustment;
      }
      i += n;
    }
    return -1;
  }

  @Override
  protected int scanDesc(int start, int end, ByteProcessor processor) {
    int i = end;
    while (i > start) {
      Component c = find(i - 1);
      int s = Math.max(start, c.offset);
      int found = c.buf.forEachByteDesc(s + c.adjustment, i - s, processor);
      if (found >= 0) {
        return found - c.adjustment;
      }
      i = s;
    }
    return -1;
  }

  @Override
  protected void adjustCapacity(int newCapacity) {
    int old = capacity();
    if (newCapacity > old) {
      int extra = newCapacity - old;
      ByteBuf padding = direct ? alloc.directBuffer(extra) : alloc.heapBuffer(extra);
      padding.writerIndex(extra);
      int w = writerIndex();
      addComponents(false, componentCount, padding);
      writerIndex(w);
      return;
    }
    int remove = old - newCapacity;
    for (int i = componentCount - 1; i >= 0 && remove > 0; i--) {
      Component c = components[i];
      int length = c.length();
      if (length <= remove) {
        remove -= length;
        c.buf.release();
        components[i] = null;
        componentCount--;
      } else {
        c.endOffset -= remove;
        remove = 0;
      }
    }
    lastAccessed = null;
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
    int count = componentCount;
    Component[] cs = components;
    componentCount = 0;
    lastAccessed = null;
    components = new Component[0];
    RuntimeException failure = null;
    for (int i = 0; i < count; i++) {
      try {
        cs[i].buf.release();
      } catch (RuntimeException e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public ByteBufAllocator alloc() {
    return alloc;
  }

  @Override
  public ByteBuffer nioBuffer(int index, int length) {
    checkIndex(index, length);
    if (length == 0) {
      return ByteBuffer.allocate(0);
    }
    Component c = find(index);
    if (index + length <= c.endOffset) {
      return c.buf.nioBuffer(index + c.adjustment, length);
    }
    ByteBuffer merged = ByteBuffer.allocate(length);
    copyTo(index, merged.array(), 0, length);
    return merged;
  }

  @Override
  public int nioBufferCount() {
    int count = 0;
    for (int i = 0; i < componentCount; i++) {
      count += components[i].buf.nioBufferCount();
    }
    return Math.max(count, 1);
  }

  @Override
  public ByteBuffer[] nioBuffers(int index, int length) {
    checkIndex(index, length);
    if (length == 0) {
      return new ByteBuffer[] {ByteBuffer.allocate(0)};
    }
    List<ByteBuffer> buffers = new ArrayList<>(componentCount);
    while (length > 0) {
      Component c = find(index);
      int n = Math.min(length, c.endOffset - index);
      for (ByteBuffer b : c.buf.nioBuffers(index + c.adjustment, n)) {
        buffers.add(b);
      }
      index += n;
      length -= n;
    }
    return buffers.toArray(new ByteBuffer[0]);
  }

  @Override
  public boolean isDirect() {
    if (componentCount == 0) {
      return direct;
    }
    for (int i = 0; i < componentCount; i++) {
      if (!components[i].buf.isDirect()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean hasArray() {
    return componentCount == 0 || (componentCount == 1 && components[0].buf.hasArray());
  }

  @Override
  public byte[] array() {
    ensureAccessible();
    if (componentCount == 0) {
      return new byte[0];
    }
    if (componentCount == 1) {
      return components[0].buf.array();
    }
    throw new UnsupportedOperationException("more than one component");
  }

  @Override
  public int arrayOffset() {
    if (componentCount == 0) {
      return 0;
    }
    if (componentCount == 1) {
      return components[0].buf.arrayOffset() + components[0].adjustment;
    }
    throw new UnsupportedOperationException("more than one component");
  }

  @Override
  public boolean hasMemorySegment() {
    return componentCount == 1 && components[0].buf.hasMemorySegment();
  }

  @Override
  public MemorySegment memorySegment() {
    ensureAccessible();
    if (!hasMemorySegment()) {
      throw new UnsupportedOperationException("not exactly one native component");
    }
    Component c = components[0];
    return c.buf.memorySegment().asSlice(c.adjustment, c.length());
  }

  @Override
  public String toString() {
    String s = super.toString();
    return s.substring(0, s.length() - 1) + ", components: " + componentCount + ")";
  }
}

package io.tern.buffer;

import io.tern.buffer.internal.ByteBufs;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The component table of a {@link CompositeByteBuf}: which buffer holds which range of composite
 * indexes, how to find the component of an index, how the core's loads, stores, copies and scans
 * split across component boundaries, and what memory the composite exposes (NIO buffers, an array
 * or a segment). The composite owns it and does the bookkeeping of its own indexes and capacity;
 * this class never releases a buffer except where a method says so.
 *
 * <pre>
 *   composite index:  0 ........ 5 ......... 12 ...... 16
 *   components:       [  A: 5   ][   B: 7    ][ C: 4  ]
 * </pre>
 *
 * <p>Finding a component is a binary search over the offsets, with the last component found cached
 * for sequential access. Same thread rules as the composite.
 */
final class CompositeComponents {
  /**
   * One component: bytes {@code [offset, endOffset)} of the composite are at {@code +adjustment}.
   */
  static final class Component {
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

  private Component[] components = new Component[4];
  private int count;
  // The component the last lookup found and its position; null after the table changed.
  private Component lastAccessed;
  private int lastIndex;

  int count() {
    return count;
  }

  Component get(int cIndex) {
    return components[cIndex];
  }

  /**
   * Checks that {@code buffers} may be inserted into {@code owner} at {@code cIndex}; if not,
   * releases every one of them (the composite owns them from the call on) and throws.
   */
  void checkInsert(CompositeByteBuf owner, int cIndex, ByteBuf[] buffers) {
    try {
      for (ByteBuf b : buffers) {
        Objects.requireNonNull(b, "buffer");
        if (b == owner) {
          throw new IllegalArgumentException("cannot add a composite to itself");
        }
      }
      Objects.checkIndex(cIndex, count + 1);
      owner.ensureAccessible();
    } catch (RuntimeException e) {
      for (ByteBuf b : buffers) {
        if (b != null && b != owner) {
          b.release();
        }
      }
      throw e;
    }
  }

  /** Inserts the readable bytes of {@code buffers} at position {@code cIndex} in O(m + n). */
  int insert(int cIndex, ByteBuf[] buffers) {
    int n = buffers.length;
    if (count + n > components.length) {
      Component[] bigger = new Component[Math.max(count + n, components.length * 2)];
      System.arraycopy(components, 0, bigger, 0, count);
      components = bigger;
    }
    System.arraycopy(components, cIndex, components, cIndex + n, count - cIndex);
    int offset = cIndex == 0 ? 0 : components[cIndex - 1].endOffset;
    int start = offset;
    for (int i = 0; i < n; i++) {
      ByteBuf b = buffers[i];
      int length = b.readableBytes();
      components[cIndex + i] = new Component(b, b.readerIndex() - offset, offset, offset + length);
      offset += length;
    }
    count += n;
    lastAccessed = null;
    int added = offset - start;
    shiftFrom(cIndex + n, added);
    return added;
  }

  /** Releases and removes {@code n} components from {@code cIndex}; returns the bytes removed. */
  int remove(int cIndex, int n) {
    int removed = 0;
    for (int i = cIndex; i < cIndex + n; i++) {
      removed += components[i].length();
      components[i].buf.release();
    }
    closeGap(cIndex, n);
    shiftFrom(cIndex, -removed);
    return removed;
  }

  /** Copies {@code n} components from {@code cIndex} into {@code merged}, which replaces them. */
  void merge(int cIndex, int n, ByteBuf merged) {
    for (int i = cIndex; i < cIndex + n; i++) {
      Component c = components[i];
      merged.writeBytes(c.buf, c.offset + c.adjustment, c.length());
      c.buf.release();
    }
    int start = components[cIndex].offset;
    int end = components[cIndex + n - 1].endOffset;
    components[cIndex] = new Component(merged, -start, start, end);
    closeGap(cIndex + 1, n - 1);
  }

  /**
   * Releases and removes the components that end at or before {@code readerIndex}; returns how far
   * the remaining ones moved down ({@code capacity} if none remains), 0 if none was removed.
   */
  int discardRead(int readerIndex, int capacity) {
    int k = 0;
    while (k < count && components[k].endOffset <= readerIndex) {
      components[k].buf.release();
      k++;
    }
    if (k == 0) {
      return 0;
    }
    int shift = k < count ? components[k].offset : capacity;
    closeGap(0, k);
    shiftFrom(0, -shift);
    return shift;
  }

  /** Cuts the first {@code length} bytes off the front (the first component's read part). */
  void cutFront(int length) {
    for (int i = 0; i < count; i++) {
      Component c = components[i];
      c.offset = Math.max(0, c.offset - length);
      c.endOffset -= length;
      c.adjustment += length;
    }
    lastAccessed = null;
  }

  /** Releases or shortens components from the end until {@code length} bytes are gone. */
  void truncate(int length) {
    for (int i = count - 1; i >= 0 && length > 0; i--) {
      Component c = components[i];
      int n = c.length();
      if (n <= length) {
        length -= n;
        c.buf.release();
        components[i] = null;
        count--;
      } else {
        c.endOffset -= length;
        length = 0;
      }
    }
    lastAccessed = null;
  }

  /** Empties the table and releases every component (empty ones too); throws the first failure. */
  void releaseAll() {
    int n = count;
    Component[] cs = components;
    count = 0;
    lastAccessed = null;
    components = new Component[0];
    RuntimeException failure = null;
    for (int i = 0; i < n; i++) {
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

  /** The bytes of component {@code cIndex} as a slice sharing its reference count. */
  ByteBuf slice(int cIndex) {
    Component c = components[cIndex];
    return c.buf.slice(c.offset + c.adjustment, c.length());
  }

  /** Iterates over {@link #slice} of each component; {@code check} runs before every step. */
  Iterator<ByteBuf> slices(Runnable check) {
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < count;
      }

      @Override
      public ByteBuf next() {
        if (next >= count) {
          throw new NoSuchElementException();
        }
        check.run();
        return slice(next++);
      }
    };
  }

  boolean allDirect() {
    for (int i = 0; i < count; i++) {
      if (!components[i].buf.isDirect()) {
        return false;
      }
    }
    return true;
  }

  int nioBufferCount() {
    int n = 0;
    for (int i = 0; i < count; i++) {
      n += components[i].buf.nioBufferCount();
    }
    return Math.max(n, 1);
  }

  /** The NIO buffers of a checked range, one or more per component; one empty buffer if empty. */
  ByteBuffer[] nioBuffers(int index, int length) {
    if (length == 0) {
      return new ByteBuffer[] {ByteBuffer.allocate(0)};
    }
    List<ByteBuffer> buffers = new ArrayList<>(count);
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

  /** The NIO buffer of a checked range: the component's own if one holds it all, else a copy. */
  ByteBuffer nioBuffer(int index, int length) {
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

  // The composite has an array or a segment only while it is empty or has one component.

  boolean hasArray() {
    return count == 0 || (count == 1 && components[0].buf.hasArray());
  }

  byte[] array() {
    if (count == 0) {
      return new byte[0];
    }
    if (count == 1) {
      return components[0].buf.array();
    }
    throw new UnsupportedOperationException("more than one component");
  }

  int arrayOffset() {
    if (count == 0) {
      return 0;
    }
    if (count == 1) {
      return components[0].buf.arrayOffset() + components[0].adjustment;
    }
    throw new UnsupportedOperationException("more than one component");
  }

  boolean hasMemorySegment() {
    return count == 1 && components[0].buf.hasMemorySegment();
  }

  MemorySegment memorySegment() {
    if (!hasMemorySegment()) {
      throw new UnsupportedOperationException("not exactly one native component");
    }
    Component c = components[0];
    return c.buf.memorySegment().asSlice(c.adjustment, c.length());
  }

  private void shiftFrom(int cIndex, int delta) {
    for (int i = cIndex; i < count; i++) {
      components[i].shift(delta);
    }
  }

  private void closeGap(int cIndex, int n) {
    System.arraycopy(components, cIndex + n, components, cIndex, count - cIndex - n);
    for (int i = count - n; i < count; i++) {
      components[i] = null;
    }
    count -= n;
    lastAccessed = null;
  }

  /** Returns the position of the component holding {@code offset}, below {@code capacity}. */
  int indexOf(int offset, int capacity) {
    Objects.checkIndex(offset, capacity);
    int lo = 0;
    int hi = count - 1;
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

  /** Returns the component holding {@code offset}, a checked index of the composite. */
  Component find(int offset) {
    Component c = lastAccessed;
    if (c != null) {
      if (offset >= c.offset && offset < c.endOffset) {
        return c;
      }
      // Reads run front to back: try the next component before a binary search.
      int next = lastIndex + 1;
      if (next < count) {
        Component n = components[next];
        if (offset >= n.offset && offset < n.endOffset) {
          lastAccessed = n;
          lastIndex = next;
          return n;
        }
      }
    }
    int i = indexOf(offset, Integer.MAX_VALUE);
    c = components[i];
    lastAccessed = c;
    lastIndex = i;
    return c;
  }

  // ---------------------------------------------------------------------------------------------
  // The composite's core: a value inside one component goes to it, one across a boundary is split
  // into halves.

  /**
   * Loads a field (see {@code ByteBuf.load}); one across a boundary is put together from halves.
   */
  long load(int index, int width, boolean bigEndian) {
    Component c = find(index);
    if (index + width <= c.endOffset) {
      return ByteBufs.getField(c.buf, index + c.adjustment, width, bigEndian);
    }
    int half = width >>> 1;
    int bits = half * 8;
    long mask = (1L << bits) - 1;
    long first = load(index, half, bigEndian) & mask;
    long second = load(index + half, half, bigEndian) & mask;
    long value = bigEndian ? (first << bits) | second : (second << bits) | first;
    int unused = 64 - width * 8;
    return (value << unused) >> unused;
  }

  /** Stores a field (see {@code ByteBuf.store}); one across a boundary is stored in halves. */
  void store(int index, int width, long value, boolean bigEndian) {
    Component c = find(index);
    if (index + width <= c.endOffset) {
      ByteBufs.setField(c.buf, index + c.adjustment, width, value, bigEndian);
      return;
    }
    int half = width >>> 1;
    long high = value >>> (half * 8);
    store(index, half, bigEndian ? high : value, bigEndian);
    store(index + half, half, bigEndian ? value : high, bigEndian);
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

  void copyTo(int index, byte[] dst, int dstIndex, int length) {
    forEachComponent(
        index, length, (buf, at, done, n) -> buf.getBytes(at, dst, dstIndex + done, n));
  }

  void copyTo(int index, MemorySegment dst, long dstOffset, int length) {
    forEachComponent(
        index, length, (buf, at, done, n) -> buf.getBytes(at, dst, dstOffset + done, n));
  }

  void copyFrom(int index, byte[] src, int srcIndex, int length) {
    forEachComponent(
        index, length, (buf, at, done, n) -> buf.setBytes(at, src, srcIndex + done, n));
  }

  void copyFrom(int index, MemorySegment src, long srcOffset, int length) {
    forEachComponent(
        index, length, (buf, at, done, n) -> buf.setBytes(at, src, srcOffset + done, n));
  }

  int scanAsc(int start, int end, ByteProcessor processor) {
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

  int scanDesc(int start, int end, ByteProcessor processor) {
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
}

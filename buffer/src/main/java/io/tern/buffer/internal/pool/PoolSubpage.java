package io.tern.buffer.internal.pool;

import io.tern.buffer.PoolSubpageMetric;

/**
 * A page run cut into equal elements of one small size class, with a bitmap of the elements in use.
 *
 * <p>The run is {@code lcm(elementSize, pageSize)} bytes, so no bytes are wasted at its end.
 * Subpages of one size class form a circular list behind a sentinel head owned by the arena; the
 * head is the lock for that size class, so small allocations of different classes, and normal
 * allocations, never contend with each other. A subpage is in its list while it has a free element.
 *
 * <p>Guarded by the lock of its head (every method here must be called holding it).
 */
final class PoolSubpage<T> implements PoolSubpageMetric {
  final PoolChunk<T> chunk;
  final int sizeIdx;
  final int runOffset;
  final int runPages;
  final int elementSize;
  private final int pageShifts;
  private final int maxElements;
  private final long[] bitmap;
  private int available;
  private int nextAvailable;
  PoolSubpage<T> prev;
  PoolSubpage<T> next;

  /** Creates the sentinel head of the list of one size class. */
  PoolSubpage(int sizeIdx, int elementSize) {
    this.chunk = null;
    this.sizeIdx = sizeIdx;
    this.runOffset = -1;
    this.runPages = 0;
    this.elementSize = elementSize;
    this.pageShifts = 0;
    this.maxElements = 0;
    this.bitmap = null;
    prev = this;
    next = this;
  }

  PoolSubpage(
      PoolSubpage<T> head,
      PoolChunk<T> chunk,
      int sizeIdx,
      int pageShifts,
      int runOffset,
      int runPages,
      int elementSize) {
    this.chunk = chunk;
    this.sizeIdx = sizeIdx;
    this.pageShifts = pageShifts;
    this.runOffset = runOffset;
    this.runPages = runPages;
    this.elementSize = elementSize;
    this.maxElements = (runPages << pageShifts) / elementSize;
    this.bitmap = new long[(maxElements + 63) >>> 6];
    this.available = maxElements;
    this.nextAvailable = 0;
    addAfter(head);
  }

  /** Run size in pages for a small class: the least common multiple of element and page size. */
  static int runPagesFor(int elementSize, int pageSize) {
    int gcd = gcd(elementSize, pageSize);
    long lcm = (long) elementSize / gcd * pageSize;
    return (int) (lcm / pageSize);
  }

  private static int gcd(int a, int b) {
    while (b != 0) {
      int t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  /** Takes a free element; removes this subpage from its list when it becomes full. */
  long allocate() {
    int index = nextAvailable;
    if (index >= 0) {
      nextAvailable = -1;
    } else {
      index = findFree();
    }
    bitmap[index >>> 6] |= 1L << (index & 63);
    if (--available == 0) {
      unlink();
    }
    return PoolChunk.handle(runOffset, runPages, true, index);
  }

  /**
   * Frees an element.
   *
   * @return true if the subpage stays in use; false if it became empty and was unlinked, so the
   *     caller must release its run
   * @throws IllegalStateException if the element is not in use (a double free)
   */
  boolean free(PoolSubpage<T> head, int index) {
    long mask = 1L << (index & 63);
    if (index >= maxElements || (bitmap[index >>> 6] & mask) == 0) {
      throw new IllegalStateException(
          "double free of element " + index + " in subpage of " + elementSize + " bytes");
    }
    bitmap[index >>> 6] &= ~mask;
    nextAvailable = index;
    if (available++ == 0) {
      addAfter(head);
    }
    if (available < maxElements) {
      return true;
    }
    if (next == prev) {
      // The only subpage of its class: keep it, the next allocation of this class would need a
      // new one at once.
      return true;
    }
    unlink();
    return false;
  }

  long offsetOf(int index) {
    return ((long) runOffset << pageShifts) + (long) index * elementSize;
  }

  private int findFree() {
    for (int w = 0; w < bitmap.length; w++) {
      long bits = ~bitmap[w];
      if (bits != 0) {
        int index = (w << 6) + Long.numberOfTrailingZeros(bits);
        if (index < maxElements) {
          return index;
        }
        break;
      }
    }
    throw new IllegalStateException("no free element in a subpage listed as available");
  }

  private void addAfter(PoolSubpage<T> head) {
    prev = head;
    next = head.next;
    next.prev = this;
    head.next = this;
  }

  private void unlink() {
    prev.next = next;
    next.prev = prev;
    next = null;
    prev = null;
  }

  boolean isEmptyHead() {
    return next == this;
  }

  @Override
  public int maxNumElements() {
    return maxElements;
  }

  @Override
  public int numAvailable() {
    return available;
  }

  @Override
  public int elementSize() {
    return elementSize;
  }

  @Override
  public int pageSize() {
    return 1 << pageShifts;
  }
}

package io.tern.buffer.internal.pool;

/**
 * The free page runs of one chunk, with an exact best-fit search.
 *
 * <p>Free runs are bucketed by their exact length in pages: bucket {@code L} is an intrusive
 * doubly-linked list (arrays indexed by the run's first page) of the free runs that are exactly
 * {@code L} pages long, and a bitmap has bit {@code L} set while bucket {@code L} is non-empty.
 * Finding the best fit for {@code n} pages is a scan for the first set bit at or above {@code n}:
 * at most {@code pages / 64} words (8 for the default 512-page chunk), each a single {@code
 * numberOfTrailingZeros}. Inserting and removing a run is O(1), so splitting a run on allocation
 * and coalescing it with both free neighbours on release are O(1) too: the first and last page of
 * every free run record the run, so a released run finds its neighbours by looking one page to each
 * side.
 *
 * <p>Not thread-safe: the owning arena's lock guards it.
 */
final class PageRuns {
  private final int pages;
  private final long[] nonEmpty;
  private final int[] bucketHead;
  private final int[] next;
  private final int[] prev;

  /** At a free run's first page: its length; 0 elsewhere. */
  private final int[] freeLengthAtStart;

  /** At a free run's last page: its first page + 1; 0 elsewhere. */
  private final int[] freeStartAtEnd;

  /** At a used run's first page: its length; 0 elsewhere (detects double and foreign frees). */
  private final int[] usedLengthAtStart;

  private int freePages;

  PageRuns(int pages) {
    this.pages = pages;
    this.nonEmpty = new long[(pages >> 6) + 1];
    this.bucketHead = new int[pages + 1];
    java.util.Arrays.fill(bucketHead, -1);
    this.next = new int[pages];
    this.prev = new int[pages];
    this.freeLengthAtStart = new int[pages];
    this.freeStartAtEnd = new int[pages];
    this.usedLengthAtStart = new int[pages];
    insert(0, pages);
    freePages = pages;
  }

  /**
   * Takes the best-fitting free run for {@code n} pages, splitting off the remainder.
   *
   * @return the first page of the run, or -1 when no free run is long enough
   */
  int allocate(int n) {
    int length = smallestFreeLengthAtLeast(n);
    if (length < 0) {
      return -1;
    }
    int start = bucketHead[length];
    remove(start, length);
    if (length > n) {
      insert(start + n, length - n);
    }
    usedLengthAtStart[start] = n;
    freePages -= n;
    return start;
  }

  /**
   * Returns a run taken by {@link #allocate} and merges it with its free neighbours.
   *
   * @throws IllegalStateException if the run is not currently allocated with this length
   */
  void free(int start, int n) {
    if (start < 0 || start >= pages || usedLengthAtStart[start] != n) {
      throw new IllegalStateException(
          "double or foreign free of run at page " + start + " (" + n + " pages)");
    }
    usedLengthAtStart[start] = 0;
    freePages += n;
    if (start > 0) {
      int before = freeStartAtEnd[start - 1] - 1;
      if (before >= 0) {
        int beforeLength = freeLengthAtStart[before];
        remove(before, beforeLength);
        start = before;
        n += beforeLength;
      }
    }
    int after = start + n;
    if (after < pages) {
      int afterLength = freeLengthAtStart[after];
      if (afterLength != 0) {
        remove(after, afterLength);
        n += afterLength;
      }
    }
    insert(start, n);
  }

  int freePages() {
    return freePages;
  }

  /** Length of the longest free run (for metrics and tests). */
  int longestFreeRun() {
    for (int w = nonEmpty.length - 1; w >= 0; w--) {
      if (nonEmpty[w] != 0) {
        return (w << 6) + 63 - Long.numberOfLeadingZeros(nonEmpty[w]);
      }
    }
    return 0;
  }

  /** Number of separate free runs (for fragmentation metrics and tests). */
  int freeRunCount() {
    int count = 0;
    for (int length = 1; length <= pages; length++) {
      for (int r = bucketHead[length]; r >= 0; r = next[r]) {
        count++;
      }
    }
    return count;
  }

  private int smallestFreeLengthAtLeast(int n) {
    int word = n >>> 6;
    long bits = nonEmpty[word] & (-1L << (n & 63));
    while (bits == 0) {
      if (++word == nonEmpty.length) {
        return -1;
      }
      bits = nonEmpty[word];
    }
    return (word << 6) + Long.numberOfTrailingZeros(bits);
  }

  private void insert(int start, int length) {
    // Buckets are kept in ascending address order, so allocation takes the lowest run of the best
    // length (address-ordered best fit: keeps the high end of a chunk free to coalesce). Buckets
    // hold few runs, so the ordered insert walks little.
    int before = -1;
    int after = bucketHead[length];
    while (after >= 0 && after < start) {
      before = after;
      after = next[after];
    }
    next[start] = after;
    prev[start] = before;
    if (after >= 0) {
      prev[after] = start;
    }
    if (before >= 0) {
      next[before] = start;
    } else {
      if (after < 0) {
        nonEmpty[length >>> 6] |= 1L << (length & 63);
      }
      bucketHead[length] = start;
    }
    freeLengthAtStart[start] = length;
    freeStartAtEnd[start + length - 1] = start + 1;
  }

  private void remove(int start, int length) {
    int p = prev[start];
    int nx = next[start];
    if (p >= 0) {
      next[p] = nx;
    } else {
      bucketHead[length] = nx;
      if (nx < 0) {
        nonEmpty[length >>> 6] &= ~(1L << (length & 63));
      }
    }
    if (nx >= 0) {
      prev[nx] = p;
    }
    freeLengthAtStart[start] = 0;
    freeStartAtEnd[start + length - 1] = 0;
  }
}

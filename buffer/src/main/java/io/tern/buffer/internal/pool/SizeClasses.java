package io.tern.buffer.internal.pool;

/**
 * jemalloc-style size classes: every request is rounded up to one of a fixed set of sizes whose
 * spacing grows with the size, so internal fragmentation stays below 20 % above 64 bytes (16-byte
 * steps below) while the number of classes stays small (68 for a 4 MiB chunk).
 *
 * <pre>
 * index  0..3   : 16, 32, 48, 64                        (quantum 16 = 2^4)
 * group g >= 1  : 2^(g+5) + k * 2^(g+3), k = 1..4        (four classes per doubling)
 *          g=1  : 80, 96, 112, 128
 *          g=2  : 160, 192, 224, 256 ...
 * </pre>
 *
 * <p>The last class of every group is a power of two, so an exact power of two is its own class and
 * is never doubled. Classes below {@code 4 * pageSize} are <em>small</em> (served from subpages);
 * classes from {@code 4 * pageSize} up to the chunk size are <em>normal</em> (served as page runs,
 * and all of them are multiples of the page size); anything larger is <em>huge</em> (not pooled).
 *
 * <p>Immutable and thread-safe.
 */
public final class SizeClasses {
  static final int LOG2_QUANTUM = 4;
  private static final int LOG2_GROUP_CLASSES = 2;
  private static final int LOOKUP_MAX = 4096;

  private final int pageSize;
  private final int pageShifts;
  private final int chunkSize;
  private final int[] sizeIdx2size;
  private final int[] pageIdx2size;
  private final byte[] lookup; // (size - 1) >> LOG2_QUANTUM -> size index, for size <= LOOKUP_MAX
  private final int nSmall;
  private final int nSizes;

  /**
   * Creates the classes for a page and chunk size.
   *
   * @param pageSize a power of two, at least 4096
   * @param chunkSize {@code pageSize << maxOrder}, at most 1 GiB
   */
  public SizeClasses(int pageSize, int chunkSize) {
    if (pageSize < 4096 || Integer.bitCount(pageSize) != 1) {
      throw new IllegalArgumentException("pageSize must be a power of two >= 4096: " + pageSize);
    }
    if (chunkSize < pageSize
        || Integer.bitCount(chunkSize) != 1
        || chunkSize > (1 << 30)
        || chunkSize / pageSize > PoolChunk.MAX_PAGES) {
      throw new IllegalArgumentException(
          "chunkSize must be a power of two in [pageSize, 1 GiB] with at most "
              + PoolChunk.MAX_PAGES
              + " pages: "
              + chunkSize);
    }
    this.pageSize = pageSize;
    this.pageShifts = Integer.numberOfTrailingZeros(pageSize);
    this.chunkSize = chunkSize;
    this.nSizes = size2IndexArithmetic(chunkSize) + 1;
    this.sizeIdx2size = new int[nSizes];
    int small = 0;
    int pages = 0;
    for (int i = 0; i < nSizes; i++) {
      int size = computeSize(i);
      sizeIdx2size[i] = size;
      if (size < 4 * pageSize) {
        small++;
      }
      if ((size & (pageSize - 1)) == 0) {
        pages++;
      }
    }
    this.nSmall = small;
    this.pageIdx2size = new int[pages];
    for (int i = 0, p = 0; i < nSizes; i++) {
      if ((sizeIdx2size[i] & (pageSize - 1)) == 0) {
        pageIdx2size[p++] = sizeIdx2size[i];
      }
    }
    this.lookup = new byte[LOOKUP_MAX >> LOG2_QUANTUM];
    for (int i = 0; i < lookup.length; i++) {
      lookup[i] = (byte) size2IndexArithmetic((i + 1) << LOG2_QUANTUM);
    }
  }

  private static int computeSize(int index) {
    if (index < 4) {
      return (index + 1) << LOG2_QUANTUM;
    }
    int group = index >> LOG2_GROUP_CLASSES;
    int k = (index & 3) + 1;
    return (1 << (group + 5)) + (k << (group + 3));
  }

  /** Inverse of {@link #computeSize}: the smallest class index whose size is at least size. */
  private static int size2IndexArithmetic(int size) {
    if (size <= 64) {
      return size <= 0 ? 0 : (size - 1) >> LOG2_QUANTUM;
    }
    // size - 1 lies in [2^(g+5), 2^(g+6)) for group g; the class within the group is the next two
    // bits below the leading one.
    int log2 = 31 - Integer.numberOfLeadingZeros(size - 1);
    int group = log2 - 5;
    int k = ((size - 1) >> (group + 3)) & 3;
    return (group << LOG2_GROUP_CLASSES) + k;
  }

  /**
   * Returns the class index for a request, or {@link #nSizes()} when it is huge.
   *
   * @param size requested bytes, non-negative
   * @return the index of the smallest class holding {@code size}
   */
  public int size2SizeIdx(int size) {
    if (size <= LOOKUP_MAX) {
      return size == 0 ? 0 : lookup[(size - 1) >> LOG2_QUANTUM];
    }
    if (size > chunkSize) {
      return nSizes;
    }
    return size2IndexArithmetic(size);
  }

  /**
   * Returns the size of a class.
   *
   * @param sizeIdx a class index below {@link #nSizes()}
   * @return its size in bytes
   */
  public int sizeIdx2size(int sizeIdx) {
    return sizeIdx2size[sizeIdx];
  }

  /**
   * Rounds a request up to its class size; huge requests are returned unchanged.
   *
   * @param size requested bytes
   * @return the normalised size
   */
  public int normalizeSize(int size) {
    int idx = size2SizeIdx(size);
    return idx < nSizes ? sizeIdx2size[idx] : size;
  }

  /**
   * Returns the index among page-multiple classes of the smallest one holding {@code pages}.
   *
   * @param pages a page count between 1 and the pages of a chunk
   * @return the page class index
   */
  public int pages2PageIdx(int pages) {
    int size = pages << pageShifts;
    int lo = 0;
    int hi = pageIdx2size.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (pageIdx2size[mid] >= size) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /**
   * Returns the size of a page-multiple class.
   *
   * @param pageIdx an index below {@link #nPageSizes()}
   * @return its size in bytes
   */
  public int pageIdx2size(int pageIdx) {
    return pageIdx2size[pageIdx];
  }

  /**
   * Returns whether a class is small (served from subpages).
   *
   * @param sizeIdx a class index
   * @return true below {@link #nSmall()}
   */
  public boolean isSmall(int sizeIdx) {
    return sizeIdx < nSmall;
  }

  /**
   * Returns how many classes there are.
   *
   * @return the number of classes; indexes at or above it are huge
   */
  public int nSizes() {
    return nSizes;
  }

  /**
   * Returns how many classes are small.
   *
   * @return small classes are indexes {@code [0, nSmall)}
   */
  public int nSmall() {
    return nSmall;
  }

  /**
   * Returns how many classes are page multiples.
   *
   * @return the length of the page index table
   */
  public int nPageSizes() {
    return pageIdx2size.length;
  }

  /**
   * Returns the page size.
   *
   * @return bytes per page
   */
  public int pageSize() {
    return pageSize;
  }

  /**
   * Returns log2 of the page size.
   *
   * @return the page shift
   */
  public int pageShifts() {
    return pageShifts;
  }

  /**
   * Returns the chunk size.
   *
   * @return bytes per chunk
   */
  public int chunkSize() {
    return chunkSize;
  }
}

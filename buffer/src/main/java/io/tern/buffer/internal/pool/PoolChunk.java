package io.tern.buffer.internal.pool;

import io.tern.buffer.PoolChunkMetric;

/**
 * One contiguous block of memory ({@code byte[]} or a native {@code MemorySegment}) carved into
 * page runs for normal sizes and into subpages for small sizes.
 *
 * <p>An allocation is identified by a {@code long} handle:
 *
 * <pre>
 *  63       48 47       32 31        30                    0
 * +-----------+-----------+---------+-----------------------+
 * | runOffset | runPages  | subpage |  element index        |
 * +-----------+-----------+---------+-----------------------+
 * </pre>
 *
 * <p>An unpooled chunk backs exactly one huge allocation and is freed with it.
 *
 * <p>Run allocation, run release and {@link #freeBytes} are guarded by the arena's lock; subpage
 * state by its size class head's lock. The memory itself is final.
 */
public final class PoolChunk<T> implements PoolChunkMetric {
  /** Most pages a chunk may have, so run offset and length fit the handle's 16-bit fields. */
  static final int MAX_PAGES = 1 << 15;

  private static final long SUBPAGE_BIT = 1L << 31;

  final PoolArena<T> arena;
  final T memory;
  final boolean unpooled;
  final int chunkSize;
  private final int pageShifts;
  private final PageRuns runs;
  private final PoolSubpage<T>[] subpages;
  int freeBytes;
  PoolChunkList<T> parent;
  PoolChunk<T> prev;
  PoolChunk<T> next;

  @SuppressWarnings("unchecked")
  PoolChunk(PoolArena<T> arena, T memory, int pageShifts, int chunkSize) {
    this.arena = arena;
    this.memory = memory;
    this.unpooled = false;
    this.chunkSize = chunkSize;
    this.pageShifts = pageShifts;
    this.runs = new PageRuns(chunkSize >> pageShifts);
    this.subpages = (PoolSubpage<T>[]) new PoolSubpage<?>[chunkSize >> pageShifts];
    this.freeBytes = chunkSize;
  }

  /** Creates an unpooled chunk for one huge allocation. */
  PoolChunk(PoolArena<T> arena, T memory, int size) {
    this.arena = arena;
    this.memory = memory;
    this.unpooled = true;
    this.chunkSize = size;
    this.pageShifts = 0;
    this.runs = null;
    this.subpages = null;
    this.freeBytes = 0;
  }

  static long handle(int runOffset, int runPages, boolean subpage, int elementIndex) {
    return (long) runOffset << 48
        | (long) runPages << 32
        | (subpage ? SUBPAGE_BIT : 0L)
        | elementIndex;
  }

  static int runOffset(long handle) {
    return (int) (handle >>> 48);
  }

  static int runPages(long handle) {
    return (int) (handle >>> 32) & 0xFFFF;
  }

  static boolean isSubpage(long handle) {
    return (handle & SUBPAGE_BIT) != 0;
  }

  static int elementIndex(long handle) {
    return (int) handle & 0x7FFF_FFFF;
  }

  /**
   * Allocates a run of pages for a normal size. Caller holds the arena lock.
   *
   * @return the handle, or -1 if no free run is long enough
   */
  long allocateRun(int pages) {
    int start = runs.allocate(pages);
    if (start < 0) {
      return -1;
    }
    freeBytes -= pages << pageShifts;
    return handle(start, pages, false, 0);
  }

  /**
   * Carves a new subpage for a small class out of a fresh run, links it behind {@code head} and
   * takes its first element. Caller holds the arena lock and the head's lock.
   *
   * @return the handle, or -1 if no free run is long enough
   */
  long allocateSubpage(PoolSubpage<T> head, int sizeIdx, int elementSize) {
    int pages = PoolSubpage.runPagesFor(elementSize, 1 << pageShifts);
    int start = runs.allocate(pages);
    if (start < 0) {
      return -1;
    }
    freeBytes -= pages << pageShifts;
    PoolSubpage<T> subpage =
        new PoolSubpage<>(head, this, sizeIdx, pageShifts, start, pages, elementSize);
    subpages[start] = subpage;
    return subpage.allocate();
  }

  /** Returns the subpage a subpage handle points into. */
  PoolSubpage<T> subpage(long handle) {
    return subpages[runOffset(handle)];
  }

  /** Releases a run (a normal allocation or an emptied subpage's run). Caller holds the lock. */
  void freeRun(long handle) {
    int start = runOffset(handle);
    int pages = runPages(handle);
    runs.free(start, pages);
    if (isSubpage(handle)) {
      subpages[start] = null;
    }
    freeBytes += pages << pageShifts;
  }

  /** Byte offset of an allocation within {@link #memory}. */
  long offset(long handle) {
    if (isSubpage(handle)) {
      return subpages[runOffset(handle)].offsetOf(elementIndex(handle));
    }
    return (long) runOffset(handle) << pageShifts;
  }

  int pageShifts() {
    return pageShifts;
  }

  int longestFreeRunPages() {
    return runs.longestFreeRun();
  }

  int freeRunCount() {
    return runs.freeRunCount();
  }

  @Override
  public int usage() {
    int free = freeBytes;
    if (free == 0) {
      return 100;
    }
    int percent = (int) (free * 100L / chunkSize);
    return percent == 0 ? 99 : 100 - percent;
  }

  @Override
  public int chunkSize() {
    return chunkSize;
  }

  @Override
  public int freeBytes() {
    return freeBytes;
  }

  @Override
  public String toString() {
    return "PoolChunk(" + (chunkSize - freeBytes) + "/" + chunkSize + " used)";
  }
}

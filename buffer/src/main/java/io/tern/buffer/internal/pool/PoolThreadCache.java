package io.tern.buffer.internal.pool;

/**
 * One thread's cache of freed regions of one arena, per size class, served last-in first-out so the
 * most recently touched memory (likely still in the CPU cache) is handed out first.
 *
 * <p>Thread confinement: only the owner thread allocates from or adds to the cache, so it needs no
 * synchronization at all. A region released on another thread goes straight back to the arena (see
 * {@link PoolArena#free}). {@link #free} may also run on another thread once the owner has
 * terminated ({@code Thread.isAlive()} returning false orders the owner's last writes before it).
 *
 * <p>Sizing: every small class may hold {@code smallCacheSize} entries. Every normal class whose
 * size is at most {@code maxCachedBufferCapacity} holds {@code normalCacheSize} entries for the
 * smallest normal class, half as many per doubling of the size (at least one), so each cached
 * normal class keeps about the same number of bytes at most (jemalloc's tcache does the same: fewer
 * slots for larger classes). The per-class arrays are created on first use. Every {@code
 * trimInterval} allocations the cache gives back, in each class, the entries that were not reused
 * since the last trim (oldest first), so a thread whose load drops does not sit on memory.
 */
public final class PoolThreadCache<T> {
  final Thread owner;
  final PoolArena<T> arena;
  private final int nSmall;
  private final int nCached;
  private final int smallCapacity;
  private final int normalCapacity;
  private final int smallestNormal;
  private final int pageShifts;
  private final SizeClasses sizeClasses;
  private final Region<T>[] regions;
  private final int trimInterval;
  private final int smallFill;
  private final Runnable onTrim;
  private final Object[] spareBuffers;
  private int spareBufferCount;
  private int allocationsSinceTrim;
  private long hits;
  private long misses;
  private boolean freed;

  @SuppressWarnings("unchecked")
  PoolThreadCache(
      Thread owner,
      PoolArena<T> arena,
      int smallCacheSize,
      int normalCacheSize,
      int maxCachedBufferCapacity,
      int trimInterval,
      int maxSpareBuffers,
      int smallFill,
      Runnable onTrim) {
    this.owner = owner;
    this.arena = arena;
    this.sizeClasses = arena.sizeClasses;
    this.nSmall = sizeClasses.nSmall();
    this.smallCapacity = Math.max(0, smallCacheSize);
    this.normalCapacity = Math.max(0, normalCacheSize);
    this.smallestNormal =
        nSmall < sizeClasses.nSizes() ? sizeClasses.sizeIdx2size(nSmall) : Integer.MAX_VALUE;
    this.nCached =
        nSmall
            + (normalCapacity == 0 ? 0 : normalClassesCached(sizeClasses, maxCachedBufferCapacity));
    this.pageShifts = sizeClasses.pageShifts();
    this.regions = (Region<T>[]) new Region<?>[nCached];
    this.trimInterval = Math.max(1, trimInterval);
    this.onTrim = onTrim;
    this.spareBuffers = new Object[Math.max(0, maxSpareBuffers)];
    this.smallFill = Math.max(0, smallFill);
  }

  /**
   * Returns how many normal size classes a cache keeps: those no larger than {@code
   * maxCachedBufferCapacity} (and the chunk size).
   *
   * @param sizeClasses the size classes
   * @param maxCachedBufferCapacity the largest normalised size to cache
   * @return the number of cached normal classes
   */
  static int normalClassesCached(SizeClasses sizeClasses, int maxCachedBufferCapacity) {
    int count = 0;
    for (int i = sizeClasses.nSmall(); i < sizeClasses.nSizes(); i++) {
      if (sizeClasses.sizeIdx2size(i) <= maxCachedBufferCapacity) {
        count++;
      }
    }
    return count;
  }

  /**
   * Returns how many entries a cached normal class of {@code size} bytes keeps: {@code
   * normalCacheSize} for the smallest normal class, scaled down in proportion to the size, at least
   * one (none if {@code normalCacheSize} is 0).
   *
   * @param normalCacheSize entries of the smallest normal class
   * @param smallestNormal the smallest normal size
   * @param size the class's size
   * @return the number of entries
   */
  static int normalEntries(int normalCacheSize, int smallestNormal, int size) {
    if (normalCacheSize == 0) {
      return 0;
    }
    long entries = (long) normalCacheSize * smallestNormal / size;
    return (int) Math.max(1, Math.min(normalCacheSize, entries));
  }

  /** Serves an allocation from the cache; false (a miss) if the class is empty or uncached. */
  boolean allocate(PoolTarget<T> target, int reqCapacity, int sizeIdx) {
    if (sizeIdx >= nCached) {
      return false;
    }
    Region<T> region = regions[sizeIdx];
    boolean hit = region != null && region.count > 0;
    if (hit) {
      int i = --region.count;
      PoolChunk<T> chunk = region.chunks[i];
      long handle = region.handles[i];
      region.chunks[i] = null;
      region.hitsSinceTrim++;
      hits++;
      target.bind(
          chunk, handle, chunk.memory, offset(handle, region.size), reqCapacity, region.size, this);
    } else {
      misses++;
    }
    if (++allocationsSinceTrim >= trimInterval) {
      allocationsSinceTrim = 0;
      trim();
      onTrim.run();
    }
    return hit;
  }

  private int offset(long handle, int elementSize) {
    int base = PoolChunk.runOffset(handle) << pageShifts;
    return PoolChunk.isSubpage(handle) ? base + PoolChunk.elementIndex(handle) * elementSize : base;
  }

  /**
   * How many extra elements of a small class a miss may park here: up to {@code smallCacheFill},
   * and at most half the class's capacity, counting what is parked already.
   */
  int fillRoom(int sizeIdx) {
    if (sizeIdx >= nSmall || freed || smallCapacity < 2) {
      return 0;
    }
    Region<T> region = regions[sizeIdx];
    int count = region == null ? 0 : region.count;
    return Math.max(0, Math.min(smallFill, smallCapacity / 2 - count));
  }

  /** Parks a freed region; false if its class is uncached or full, or the cache was freed. */
  boolean add(PoolChunk<T> chunk, long handle, int sizeIdx) {
    if (sizeIdx >= nCached || freed) {
      return false;
    }
    Region<T> region = regions[sizeIdx];
    if (region == null) {
      int size = sizeClasses.sizeIdx2size(sizeIdx);
      int capacity =
          sizeIdx < nSmall ? smallCapacity : normalEntries(normalCapacity, smallestNormal, size);
      if (capacity == 0) {
        return false;
      }
      region = new Region<>(size, capacity);
      regions[sizeIdx] = region;
    }
    int i = region.count;
    if (i == region.handles.length) {
      return false;
    }
    region.chunks[i] = chunk;
    region.handles[i] = handle;
    region.count = i + 1;
    return true;
  }

  /**
   * Gives back to the arena, in every class, the entries not reused since the previous trim. The
   * cache stays usable. Owner thread only.
   *
   * @return how many entries were freed
   */
  int trim() {
    int released = 0;
    for (int sizeIdx = 0; sizeIdx < regions.length; sizeIdx++) {
      Region<T> region = regions[sizeIdx];
      if (region == null) {
        continue;
      }
      int excess = region.count - region.hitsSinceTrim;
      region.hitsSinceTrim = 0;
      if (excess > 0) {
        released += releaseOldest(region, sizeIdx, excess);
      }
    }
    return released;
  }

  /**
   * Frees every entry and refuses further additions. Owner thread only, or any thread once the
   * owner has terminated.
   *
   * @return how many entries were freed
   */
  int free() {
    int released = 0;
    freed = true;
    for (int sizeIdx = 0; sizeIdx < regions.length; sizeIdx++) {
      Region<T> region = regions[sizeIdx];
      if (region != null) {
        released += releaseOldest(region, sizeIdx, region.count);
      }
    }
    java.util.Arrays.fill(spareBuffers, null);
    spareBufferCount = 0;
    arena.caches.remove(this);
    arena.retiredCacheHits.add(hits);
    arena.retiredCacheMisses.add(misses);
    hits = 0;
    misses = 0;
    return released;
  }

  private int releaseOldest(Region<T> region, int sizeIdx, int n) {
    for (int i = 0; i < n; i++) {
      arena.freeToArena(region.chunks[i], region.handles[i], sizeIdx);
    }
    int remaining = region.count - n;
    System.arraycopy(region.chunks, n, region.chunks, 0, remaining);
    System.arraycopy(region.handles, n, region.handles, 0, remaining);
    java.util.Arrays.fill(region.chunks, remaining, region.count, null);
    region.count = remaining;
    return n;
  }

  /**
   * Takes a recycled buffer object, or null. Owner thread only.
   *
   * @return a released buffer object of this cache's arena kind, or null
   */
  public Object pollBuffer() {
    int n = spareBufferCount;
    if (n == 0) {
      return null;
    }
    Object buf = spareBuffers[--n];
    spareBuffers[n] = null;
    spareBufferCount = n;
    return buf;
  }

  /**
   * Keeps a released buffer object for reuse if called on the owner thread and there is room; a
   * buffer released on another thread is left to the garbage collector.
   *
   * @param buf a buffer object whose fields no longer refer to any region
   */
  public void recycleBuffer(Object buf) {
    int n = spareBufferCount;
    if (n < spareBuffers.length && owner == Thread.currentThread() && !freed) {
      spareBuffers[n] = buf;
      spareBufferCount = n + 1;
    }
  }

  /** Number of cacheable size classes (small ones first, then normal ones). */
  int cachedClasses() {
    return nCached;
  }

  /** Capacity of a class's entry array, or 0 if uncached (for tests). */
  int capacity(int sizeIdx) {
    if (sizeIdx >= nCached) {
      return 0;
    }
    return sizeIdx < nSmall ? smallCapacity : normalCapacity;
  }

  /** Entries parked in a class (for tests). */
  int cached(int sizeIdx) {
    Region<T> region = sizeIdx < nCached ? regions[sizeIdx] : null;
    return region == null ? 0 : region.count;
  }

  /** Bytes parked in this cache. Owner thread (or a quiescent one) only. */
  long cachedBytes() {
    long bytes = 0;
    for (Region<T> region : regions) {
      if (region != null) {
        bytes += (long) region.count * region.size;
      }
    }
    return bytes;
  }

  long hits() {
    return hits;
  }

  long misses() {
    return misses;
  }

  /** Whether the caller may use this cache: it is the owner and the cache was not freed. */
  boolean usableByCurrentThread() {
    return !freed && owner == Thread.currentThread();
  }

  /** One size class: a LIFO stack of (chunk, handle) pairs in two parallel arrays. */
  private static final class Region<T> {
    final int size;
    final PoolChunk<T>[] chunks;
    final long[] handles;
    int count;
    int hitsSinceTrim;

    @SuppressWarnings("unchecked")
    Region(int size, int capacity) {
      this.size = size;
      this.chunks = (PoolChunk<T>[]) new PoolChunk<?>[capacity];
      this.handles = new long[capacity];
    }
  }
}

package io.tern.buffer.internal.pool;

import io.tern.buffer.PoolArenaMetric;
import io.tern.buffer.PoolChunkListMetric;
import io.tern.buffer.PoolSubpageMetric;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One arena: a set of chunks of one memory kind, shared by the threads bound to it.
 *
 * <p>Locking: {@link #lock} guards the chunk lists, page runs and normal-size counters; each small
 * size class has its own lock (its subpage list head), so a small allocation served by an existing
 * subpage takes only that lock. Lock order is arena lock, then head lock; the release path never
 * holds a head lock while taking the arena lock. Chunks are destroyed outside the lock.
 *
 * <p>Chunk lists, by usage: {@code qInit [0,25) -> q000 [1,50) -> q025 [25,75) -> q050 [50,100) ->
 * q075 [75,100) -> q100 [100]}; allocation tries q050, q025, q000, qInit, q075 in that order,
 * preferring chunks that are already well used so lightly used ones can drain and be freed. One
 * completely free chunk is kept as a spare so that a steady allocate/release cycle does not create
 * and destroy a chunk each time.
 *
 * @param <T> {@code byte[]} or {@code MemorySegment}
 */
public abstract class PoolArena<T> implements PoolArenaMetric {
  final int index;
  final PoolEngine engine;
  final SizeClasses sizeClasses;
  final ReentrantLock lock = new ReentrantLock();
  private final PoolSubpage<T>[] smallPools;
  private final int nSmall;
  private final int nSizes;
  private final int chunkSize;
  private final int pageShifts;

  final PoolChunkList<T> qInit;
  final PoolChunkList<T> q000;
  final PoolChunkList<T> q025;
  final PoolChunkList<T> q050;
  final PoolChunkList<T> q075;
  final PoolChunkList<T> q100;
  private final List<PoolChunkListMetric> chunkListMetrics;
  private final PoolChunkList<T>[] allocationOrder;
  private PoolChunk<T> spare;
  private long lastHandle; // guarded by lock
  private int pooledChunks; // guarded by lock

  // Normal-size counters, guarded by lock.
  private long normalAllocations;
  private long normalDeallocations;
  private long normalActiveBytes;
  private final LongAdder smallAllocations = new LongAdder();
  private final LongAdder smallDeallocations = new LongAdder();
  private final LongAdder smallActiveBytes = new LongAdder();
  private final LongAdder hugeAllocations = new LongAdder();
  private final LongAdder hugeDeallocations = new LongAdder();
  private final LongAdder hugeActiveBytes = new LongAdder();
  final LongAdder retiredCacheHits = new LongAdder();
  final LongAdder retiredCacheMisses = new LongAdder();
  final Set<PoolThreadCache<T>> caches = ConcurrentHashMap.newKeySet();

  @SuppressWarnings("unchecked")
  PoolArena(PoolEngine engine, int index) {
    this.engine = engine;
    this.index = index;
    this.sizeClasses = engine.sizeClasses;
    this.nSmall = sizeClasses.nSmall();
    this.nSizes = sizeClasses.nSizes();
    this.chunkSize = sizeClasses.chunkSize();
    this.pageShifts = sizeClasses.pageShifts();
    this.smallPools = (PoolSubpage<T>[]) new PoolSubpage<?>[nSmall];
    for (int i = 0; i < nSmall; i++) {
      smallPools[i] = new PoolSubpage<>(i, sizeClasses.sizeIdx2size(i));
    }
    q100 = new PoolChunkList<>(this, "q100", null, 100, Integer.MAX_VALUE, chunkSize);
    q075 = new PoolChunkList<>(this, "q075", q100, 75, 100, chunkSize);
    q050 = new PoolChunkList<>(this, "q050", q075, 50, 100, chunkSize);
    q025 = new PoolChunkList<>(this, "q025", q050, 25, 75, chunkSize);
    q000 = new PoolChunkList<>(this, "q000", q025, 1, 50, chunkSize);
    qInit = new PoolChunkList<>(this, "qInit", q000, Integer.MIN_VALUE, 25, chunkSize);
    q100.prevList(q075);
    q075.prevList(q050);
    q050.prevList(q025);
    q025.prevList(q000);
    q000.prevList(null);
    qInit.prevList(qInit);
    chunkListMetrics = List.of(qInit, q000, q025, q050, q075, q100);
    allocationOrder = (PoolChunkList<T>[]) new PoolChunkList<?>[] {q050, q025, q000, qInit, q075};
  }

  /** Whether this arena hands out native memory. */
  public abstract boolean isDirect();

  abstract T newChunkMemory(int size);

  abstract void freeChunkMemory(T memory);

  /**
   * Allocates {@code reqCapacity} bytes into {@code target}, through {@code cache} when it has a
   * region of the right class.
   *
   * @param cache the calling thread's cache for this arena, or null
   * @param target receives the region
   * @param reqCapacity requested bytes, non-negative
   */
  public final void allocate(PoolThreadCache<T> cache, PoolTarget<T> target, int reqCapacity) {
    int sizeIdx = sizeClasses.size2SizeIdx(reqCapacity);
    if (sizeIdx < nSizes) {
      boolean hit = cache != null && cache.allocate(target, reqCapacity, sizeIdx);
      if (!hit) {
        if (sizeIdx < nSmall) {
          allocateSmall(cache, target, reqCapacity, sizeIdx);
        } else {
          allocateNormal(cache, target, reqCapacity, sizeIdx);
        }
      }
      PoolEvents.bufferAllocated(this, reqCapacity, sizeIdx, hit);
    } else {
      allocateHuge(target, reqCapacity);
      PoolEvents.bufferAllocated(this, reqCapacity, -1, false);
    }
  }

  private void allocateSmall(
      PoolThreadCache<T> cache, PoolTarget<T> target, int reqCapacity, int sizeIdx) {
    PoolSubpage<T> head = smallPools[sizeIdx];
    PoolSubpage<T> subpage;
    long handle;
    PoolChunk<T> chunk;
    int filled = 0;
    synchronized (head) {
      subpage = head.next;
      handle = subpage != head ? subpage.allocate() : -1;
      if (handle >= 0 && cache != null) {
        filled = fillCache(cache, head, sizeIdx);
      }
    }
    if (handle >= 0) {
      chunk = subpage.chunk;
    } else {
      lock.lock();
      try {
        synchronized (head) {
          subpage = head.next;
          if (subpage != head) {
            handle = subpage.allocate();
            chunk = subpage.chunk;
          } else {
            chunk = allocateFromChunks(0, head);
            handle = lastHandle;
          }
          if (cache != null) {
            filled = fillCache(cache, head, sizeIdx);
          }
        }
      } finally {
        lock.unlock();
      }
    }
    int size = head.elementSize;
    smallAllocations.add(1 + filled);
    smallActiveBytes.add((long) size * (1 + filled));
    target.bind(chunk, handle, chunk.memory, (int) chunk.offset(handle), reqCapacity, size, cache);
  }

  /**
   * On a cache miss for a small class, takes a few more elements from the subpages already in the
   * list while holding their lock, and parks them in the cache (jemalloc's tcache fill): the next
   * allocations of the class hit the cache instead of taking the lock again. Only the owner calls
   * this, so adding to its cache is safe. Caller holds the head's lock.
   */
  private static <T> int fillCache(PoolThreadCache<T> cache, PoolSubpage<T> head, int sizeIdx) {
    int room = cache.fillRoom(sizeIdx);
    int filled = 0;
    while (filled < room) {
      PoolSubpage<T> subpage = head.next;
      if (subpage == head) {
        break;
      }
      long handle = subpage.allocate();
      cache.add(subpage.chunk, handle, sizeIdx);
      filled++;
    }
    return filled;
  }

  private void allocateNormal(
      PoolThreadCache<T> cache, PoolTarget<T> target, int reqCapacity, int sizeIdx) {
    int size = sizeClasses.sizeIdx2size(sizeIdx);
    PoolChunk<T> chunk;
    long handle;
    lock.lock();
    try {
      chunk = allocateFromChunks(size >> pageShifts, null);
      handle = lastHandle;
      normalAllocations++;
      normalActiveBytes += size;
    } finally {
      lock.unlock();
    }
    target.bind(chunk, handle, chunk.memory, (int) chunk.offset(handle), reqCapacity, size, cache);
  }

  /**
   * Takes a run of {@code pages} (or, with a subpage head, a new subpage of that class) from the
   * first chunk that has room, creating a chunk if none has. Caller holds the lock (and the head's
   * lock for a subpage). Leaves the handle in {@link #lastHandle}.
   */
  private PoolChunk<T> allocateFromChunks(int pages, PoolSubpage<T> head) {
    for (PoolChunkList<T> list : allocationOrder) {
      for (PoolChunk<T> c = list.head(); c != null; c = c.next) {
        long handle = allocateIn(c, pages, head);
        if (handle >= 0) {
          lastHandle = handle;
          list.moveUpIfNeeded(c);
          return c;
        }
      }
    }
    PoolChunk<T> chunk = takeSpareOrNewChunk();
    lastHandle = allocateIn(chunk, pages, head);
    qInit.add(chunk);
    return chunk;
  }

  private static <T> long allocateIn(PoolChunk<T> chunk, int pages, PoolSubpage<T> head) {
    return head == null
        ? chunk.allocateRun(pages)
        : chunk.allocateSubpage(head, head.sizeIdx, head.elementSize);
  }

  private PoolChunk<T> takeSpareOrNewChunk() {
    PoolChunk<T> chunk = spare;
    if (chunk != null) {
      spare = null;
      return chunk;
    }
    chunk = new PoolChunk<>(this, newChunkMemory(chunkSize), pageShifts, chunkSize);
    pooledChunks++;
    PoolEvents.chunkAllocated(this, chunkSize, false);
    return chunk;
  }

  private void allocateHuge(PoolTarget<T> target, int reqCapacity) {
    PoolChunk<T> chunk = new PoolChunk<>(this, newChunkMemory(reqCapacity), reqCapacity);
    PoolEvents.chunkAllocated(this, reqCapacity, true);
    hugeAllocations.increment();
    hugeActiveBytes.add(reqCapacity);
    target.bind(chunk, 0, chunk.memory, 0, reqCapacity, reqCapacity, null);
  }

  /**
   * Releases a region: into {@code cache} if the calling thread owns it and it has room, else back
   * into this arena.
   *
   * @param chunk the region's chunk
   * @param handle the region's handle
   * @param maxLength the region's normalised size
   * @param cache the cache the region was allocated through, or null
   */
  public final void free(PoolChunk<T> chunk, long handle, int maxLength, PoolThreadCache<T> cache) {
    if (chunk.unpooled) {
      PoolEvents.bufferFreed(this, chunk.chunkSize, false);
      hugeDeallocations.increment();
      hugeActiveBytes.add(-chunk.chunkSize);
      destroyChunk(chunk);
      return;
    }
    int sizeIdx = sizeClasses.size2SizeIdx(maxLength);
    boolean cached =
        cache != null && cache.owner == Thread.currentThread() && cache.add(chunk, handle, sizeIdx);
    if (!cached) {
      freeToArena(chunk, handle, sizeIdx);
    }
    PoolEvents.bufferFreed(this, maxLength, cached);
  }

  /** Returns a region to its chunk, bypassing any cache. */
  final void freeToArena(PoolChunk<T> chunk, long handle, int sizeIdx) {
    if (PoolChunk.isSubpage(handle)) {
      PoolSubpage<T> subpage = chunk.subpage(handle);
      PoolSubpage<T> head = smallPools[sizeIdx];
      boolean inUse;
      synchronized (head) {
        inUse = subpage.free(head, PoolChunk.elementIndex(handle));
      }
      smallDeallocations.increment();
      smallActiveBytes.add(-head.elementSize);
      if (inUse) {
        return;
      }
      releaseRun(chunk, handle, 0);
    } else {
      releaseRun(chunk, handle, sizeClasses.sizeIdx2size(sizeIdx));
    }
  }

  private void releaseRun(PoolChunk<T> chunk, long handle, int normalBytes) {
    PoolChunk<T> destroy = null;
    lock.lock();
    try {
      if (normalBytes > 0) {
        normalDeallocations++;
        normalActiveBytes -= normalBytes;
      }
      chunk.freeRun(handle);
      if (!chunk.parent.afterFree(chunk)) {
        if (spare == null) {
          spare = chunk;
        } else {
          destroy = chunk;
          pooledChunks--;
        }
      }
    } finally {
      lock.unlock();
    }
    if (destroy != null) {
      destroyChunk(destroy);
    }
  }

  private void destroyChunk(PoolChunk<T> chunk) {
    PoolEvents.chunkFreed(this, chunk.chunkSize, chunk.unpooled);
    freeChunkMemory(chunk.memory);
  }

  // ---- metrics -------------------------------------------------------------------------------

  @Override
  public int numThreadCaches() {
    return caches.size();
  }

  @Override
  public List<PoolSubpageMetric> smallSubpages() {
    List<PoolSubpageMetric> result = new ArrayList<>();
    for (PoolSubpage<T> head : smallPools) {
      synchronized (head) {
        for (PoolSubpage<T> s = head.next; s != head; s = s.next) {
          result.add(
              new SubpageSnapshot(
                  s.maxNumElements(), s.numAvailable(), s.elementSize, s.pageSize()));
        }
      }
    }
    return result;
  }

  @Override
  public List<PoolChunkListMetric> chunkLists() {
    return chunkListMetrics;
  }

  @Override
  public long numAllocations() {
    return numSmallAllocations() + numNormalAllocations() + numHugeAllocations();
  }

  @Override
  public long numSmallAllocations() {
    return smallAllocations.sum();
  }

  @Override
  public long numNormalAllocations() {
    lock.lock();
    try {
      return normalAllocations;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public long numHugeAllocations() {
    return hugeAllocations.sum();
  }

  @Override
  public long numDeallocations() {
    return numSmallDeallocations() + numNormalDeallocations() + numHugeDeallocations();
  }

  @Override
  public long numSmallDeallocations() {
    return smallDeallocations.sum();
  }

  @Override
  public long numNormalDeallocations() {
    lock.lock();
    try {
      return normalDeallocations;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public long numHugeDeallocations() {
    return hugeDeallocations.sum();
  }

  @Override
  public long numActiveAllocations() {
    return Math.max(0, numAllocations() - numDeallocations());
  }

  @Override
  public long numActiveBytes() {
    long normal;
    lock.lock();
    try {
      normal = normalActiveBytes;
    } finally {
      lock.unlock();
    }
    return Math.max(0, normal + smallActiveBytes.sum() + hugeActiveBytes.sum());
  }

  @Override
  public long reservedBytes() {
    return (long) numChunks() * chunkSize + hugeActiveBytes.sum();
  }

  @Override
  public int numChunks() {
    lock.lock();
    try {
      return pooledChunks;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public long numCacheHits() {
    long hits = retiredCacheHits.sum();
    for (PoolThreadCache<T> c : caches) {
      hits += c.hits();
    }
    return hits;
  }

  @Override
  public long numCacheMisses() {
    long misses = retiredCacheMisses.sum();
    for (PoolThreadCache<T> c : caches) {
      misses += c.misses();
    }
    return misses;
  }

  /** Whether a spare chunk is held (for tests). */
  boolean hasSpare() {
    lock.lock();
    try {
      return spare != null;
    } finally {
      lock.unlock();
    }
  }

  /** Free bytes summed over every pooled chunk, spare included (for exact accounting in tests). */
  long freeBytesInChunks() {
    lock.lock();
    try {
      long free = spare == null ? 0 : spare.freeBytes;
      for (PoolChunkList<T> list : List.of(qInit, q000, q025, q050, q075, q100)) {
        for (PoolChunk<T> c = list.head(); c != null; c = c.next) {
          free += c.freeBytes;
        }
      }
      return free;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public String toString() {
    return (isDirect() ? "DirectArena#" : "HeapArena#") + index;
  }

  private record SubpageSnapshot(
      int maxNumElements, int numAvailable, int elementSize, int pageSize)
      implements PoolSubpageMetric {}
}

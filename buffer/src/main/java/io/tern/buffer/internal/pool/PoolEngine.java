package io.tern.buffer.internal.pool;

import io.tern.buffer.PoolArenaMetric;
import io.tern.buffer.PooledByteBufAllocatorMetric;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pooled allocator without buffers: arenas, the binding of threads to arenas, and thread caches
 * with their lifecycle.
 *
 * <p>Each platform thread gets, on its first allocation, a cache for the least-used heap arena and
 * one for the least-used direct arena; it allocates from those arenas for life. Virtual threads get
 * no cache (unless configured) and pick an arena by thread id.
 *
 * <p>Thread exit: caches are registered here with their owner thread. Whenever a thread creates a
 * cache or trims its own, the caches of terminated threads are freed (lazily, without a thread per
 * cache or a finalizer). {@link #freeCurrentThreadCache()} frees the caller's cache at once.
 *
 * <p>Thread-safe.
 */
public final class PoolEngine implements PooledByteBufAllocatorMetric {
  final PoolConfig config;
  final SizeClasses sizeClasses;
  private final HeapArena[] heapArenas;
  private final DirectArena[] directArenas;
  private final List<PoolArenaMetric> heapArenaMetrics;
  private final List<PoolArenaMetric> directArenaMetrics;

  @SuppressWarnings("ThreadLocalUsage") // one per engine: tests create several engines
  private final ThreadLocal<ThreadCaches> threadCaches = new ThreadLocal<>();

  private final Set<ThreadCaches> liveCaches = ConcurrentHashMap.newKeySet();
  private final Runnable sweep = this::freeCachesOfTerminatedThreads;

  /**
   * Creates the arenas of a configuration.
   *
   * @param config the settings
   */
  public PoolEngine(PoolConfig config) {
    this.config = config;
    this.sizeClasses = new SizeClasses(config.pageSize(), config.chunkSize());
    this.heapArenas = new HeapArena[config.numHeapArenas()];
    for (int i = 0; i < heapArenas.length; i++) {
      heapArenas[i] = new HeapArena(this, i);
    }
    this.directArenas = new DirectArena[config.numDirectArenas()];
    for (int i = 0; i < directArenas.length; i++) {
      directArenas[i] = new DirectArena(this, i);
    }
    this.heapArenaMetrics = List.of(heapArenas);
    this.directArenaMetrics = List.of(directArenas);
  }

  /**
   * Returns the size classes.
   *
   * @return the size classes of every arena
   */
  public SizeClasses sizeClasses() {
    return sizeClasses;
  }

  /**
   * Returns the settings.
   *
   * @return the configuration
   */
  public PoolConfig config() {
    return config;
  }

  /**
   * Whether heap buffers are pooled (at least one heap arena).
   *
   * @return true if heap allocations can be served
   */
  public boolean heapPooled() {
    return heapArenas.length > 0;
  }

  /**
   * Whether direct buffers are pooled (at least one direct arena).
   *
   * @return true if direct allocations can be served
   */
  public boolean directPooled() {
    return directArenas.length > 0;
  }

  /**
   * Allocates heap memory for {@code target} on the calling thread's arena.
   *
   * @param target receives the region
   * @param reqCapacity requested bytes
   */
  public void allocateHeap(PoolTarget<byte[]> target, int reqCapacity) {
    ThreadCaches caches = caches();
    if (caches != null && caches.heap != null) {
      caches.heap.arena.allocate(caches.heap, target, reqCapacity);
    } else {
      heapArenas[arenaIndex(heapArenas.length)].allocate(null, target, reqCapacity);
    }
  }

  /**
   * Allocates native memory for {@code target} on the calling thread's arena.
   *
   * @param target receives the region
   * @param reqCapacity requested bytes
   */
  public void allocateDirect(PoolTarget<MemorySegment> target, int reqCapacity) {
    ThreadCaches caches = caches();
    if (caches != null && caches.direct != null) {
      caches.direct.arena.allocate(caches.direct, target, reqCapacity);
    } else {
      directArenas[arenaIndex(directArenas.length)].allocate(null, target, reqCapacity);
    }
  }

  private static int arenaIndex(int arenas) {
    return (int) (Thread.currentThread().threadId() % arenas);
  }

  private ThreadCaches caches() {
    ThreadCaches caches = threadCaches.get();
    return caches != null ? caches : createCaches();
  }

  private ThreadCaches createCaches() {
    Thread thread = Thread.currentThread();
    if (thread.isVirtual() && !config.useCacheForVirtualThreads()) {
      return null;
    }
    if (heapArenas.length == 0 && directArenas.length == 0) {
      return null;
    }
    freeCachesOfTerminatedThreads();
    ThreadCaches caches =
        new ThreadCaches(
            thread,
            heapArenas.length == 0 ? null : newCache(thread, leastUsed(heapArenas)),
            directArenas.length == 0 ? null : newCache(thread, leastUsed(directArenas)));
    threadCaches.set(caches);
    liveCaches.add(caches);
    return caches;
  }

  private <T> PoolThreadCache<T> newCache(Thread thread, PoolArena<T> arena) {
    PoolThreadCache<T> cache =
        new PoolThreadCache<>(
            thread,
            arena,
            config.smallCacheSize(),
            config.normalCacheSize(),
            config.maxCachedBufferCapacity(),
            config.cacheTrimInterval(),
            config.maxCachedBuffersPerThread(),
            config.smallCacheFill(),
            sweep);
    arena.caches.add(cache);
    return cache;
  }

  private static <A extends PoolArena<?>> A leastUsed(A[] arenas) {
    A best = arenas[0];
    for (A arena : arenas) {
      if (arena.caches.size() < best.caches.size()) {
        best = arena;
      }
    }
    return best;
  }

  /**
   * Returns the heap arena the calling thread allocates from.
   *
   * @param cache the thread's heap cache from {@link #currentHeapCache()}, or null
   * @return the cache's arena, or one picked by thread id for a thread without a cache
   */
  public PoolArena<byte[]> heapArena(PoolThreadCache<byte[]> cache) {
    return cache != null ? cache.arena : heapArenas[arenaIndex(heapArenas.length)];
  }

  /**
   * Returns the direct arena the calling thread allocates from.
   *
   * @param cache the thread's direct cache from {@link #currentDirectCache()}, or null
   * @return the cache's arena, or one picked by thread id for a thread without a cache
   */
  public PoolArena<MemorySegment> directArena(PoolThreadCache<MemorySegment> cache) {
    return cache != null ? cache.arena : directArenas[arenaIndex(directArenas.length)];
  }

  /**
   * Returns the calling thread's heap cache, creating it if needed.
   *
   * @return the cache, or null for a thread without one
   */
  public PoolThreadCache<byte[]> currentHeapCache() {
    ThreadCaches caches = caches();
    return caches == null ? null : caches.heap;
  }

  /**
   * Returns the calling thread's direct cache, creating it if needed.
   *
   * @return the cache, or null for a thread without one
   */
  public PoolThreadCache<MemorySegment> currentDirectCache() {
    ThreadCaches caches = caches();
    return caches == null ? null : caches.direct;
  }

  /**
   * Frees the calling thread's caches now; the next allocation creates new ones. Regions that were
   * allocated through the old caches go back to their arena when released.
   *
   * @return true if the thread had caches
   */
  public boolean freeCurrentThreadCache() {
    ThreadCaches caches = threadCaches.get();
    if (caches == null) {
      return false;
    }
    threadCaches.remove();
    if (liveCaches.remove(caches)) {
      caches.free();
    }
    return true;
  }

  /**
   * Trims the calling thread's caches now (as the periodic trim does).
   *
   * @return entries given back to the arenas
   */
  public int trimCurrentThreadCache() {
    ThreadCaches caches = threadCaches.get();
    return caches == null ? 0 : caches.trim();
  }

  /**
   * Frees the caches of threads that have terminated.
   *
   * @return how many threads' caches were freed
   */
  public int freeCachesOfTerminatedThreads() {
    int freed = 0;
    for (ThreadCaches caches : List.copyOf(liveCaches)) {
      // Only the sweeper whose remove succeeds frees, so two sweeps never free twice.
      if (!caches.owner.isAlive() && liveCaches.remove(caches)) {
        caches.free();
        freed++;
      }
    }
    return freed;
  }

  @Override
  public List<PoolArenaMetric> heapArenas() {
    return heapArenaMetrics;
  }

  @Override
  public List<PoolArenaMetric> directArenas() {
    return directArenaMetrics;
  }

  @Override
  public int numThreadLocalCaches() {
    freeCachesOfTerminatedThreads();
    return liveCaches.size();
  }

  @Override
  public int smallCacheSize() {
    return config.smallCacheSize();
  }

  @Override
  public int normalCacheSize() {
    return config.normalCacheSize();
  }

  @Override
  public int maxCachedBufferCapacity() {
    return config.maxCachedBufferCapacity();
  }

  @Override
  public int pageSize() {
    return config.pageSize();
  }

  @Override
  public int chunkSize() {
    return config.chunkSize();
  }

  @Override
  public long usedHeapMemory() {
    long bytes = 0;
    for (HeapArena arena : heapArenas) {
      bytes += arena.reservedBytes();
    }
    return bytes;
  }

  @Override
  public long usedDirectMemory() {
    long bytes = 0;
    for (DirectArena arena : directArenas) {
      bytes += arena.reservedBytes();
    }
    return bytes;
  }

  /** The heap arenas (for tests in this package). */
  PoolArena<byte[]>[] heapArenaArray() {
    return heapArenas;
  }

  /** The direct arenas (for tests in this package). */
  PoolArena<MemorySegment>[] directArenaArray() {
    return directArenas;
  }

  /** A thread's pair of caches (identity semantics: kept in a set). */
  private static final class ThreadCaches {
    final Thread owner;
    final PoolThreadCache<byte[]> heap;
    final PoolThreadCache<MemorySegment> direct;

    ThreadCaches(
        Thread owner, PoolThreadCache<byte[]> heap, PoolThreadCache<MemorySegment> direct) {
      this.owner = owner;
      this.heap = heap;
      this.direct = direct;
    }

    void free() {
      if (heap != null) {
        heap.free();
      }
      if (direct != null) {
        direct.free();
      }
    }

    int trim() {
      return (heap == null ? 0 : heap.trim()) + (direct == null ? 0 : direct.trim());
    }
  }
}

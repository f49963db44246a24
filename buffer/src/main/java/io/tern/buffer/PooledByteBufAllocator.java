package io.tern.buffer;

import io.tern.buffer.internal.AllocatorSelection;
import io.tern.buffer.internal.LeakAware;
import io.tern.buffer.internal.UnpooledDirectByteBuf;
import io.tern.buffer.internal.UnpooledHeapByteBuf;
import io.tern.buffer.internal.pool.PoolConfig;
import io.tern.buffer.internal.pool.PoolEngine;
import io.tern.buffer.internal.pool.PooledDirectByteBuf;
import io.tern.buffer.internal.pool.PooledHeapByteBuf;
import io.tern.common.SystemProperties;

/**
 * A jemalloc-style pooling allocator: buffers are regions of large chunks (4 MiB by default)
 * grouped in arenas ({@code 2 × cores} by default), with per-thread caches in front, so that
 * allocating and releasing a buffer rarely touches shared state. Requests are rounded up to a size
 * class (never doubling an exact power of two); requests above the chunk size are allocated
 * unpooled. See {@code docs/allocator.md} for the design and the {@code io.tern.buffer.pooled.*}
 * system properties.
 *
 * <h2>Threading</h2>
 *
 * <p>Thread-safe. Each platform thread is bound, on its first allocation, to the least-used heap
 * arena and the least-used direct arena and gets a cache for each; virtual threads use an arena
 * without a cache (unless {@code io.tern.buffer.pooled.useCacheForVirtualThreads} is set). A
 * thread's cache is freed when the thread has terminated (lazily, when another thread creates or
 * trims its cache or reads the metrics) or at once by {@link #freeThreadLocalCache()}.
 *
 * <h2>Ownership</h2>
 *
 * <p>The caller owns every buffer returned and releases it; any thread may release. A buffer
 * released on the thread that allocated it goes into that thread's cache (served again last-in
 * first-out); released on another thread it goes straight back to its arena, under the arena's or
 * its size class's lock, never into another thread's cache, so caches stay single-threaded and need
 * no synchronization.
 *
 * <p>Buffer objects are recycled per thread, and their every field is reset on reuse: a reference
 * kept to a released buffer must not be used (as with every buffer, use after release is a bug;
 * here it may observe another owner's data).
 */
public final class PooledByteBufAllocator implements ByteBufAllocator {
  /**
   * The shared instance, configured from the {@code io.tern.buffer.pooled.*} system properties;
   * {@link #isPreferDirect()} comes from {@code io.tern.buffer.preferDirect} (default {@code
   * true}).
   */
  public static final PooledByteBufAllocator DEFAULT = createDefault();

  private final PoolEngine engine;
  private final boolean preferDirect;

  /**
   * Creates an allocator configured from the {@code io.tern.buffer.pooled.*} system properties.
   *
   * @param preferDirect whether {@link #buffer()} and friends allocate direct buffers
   */
  public PooledByteBufAllocator(boolean preferDirect) {
    this(preferDirect, PoolConfig.fromSystemProperties());
  }

  /**
   * Creates an allocator with explicit settings; the remaining ones come from the system
   * properties.
   *
   * @param preferDirect whether {@link #buffer()} and friends allocate direct buffers
   * @param numHeapArenas heap arenas; 0 allocates heap buffers unpooled
   * @param numDirectArenas direct arenas; 0 allocates direct buffers unpooled
   * @param pageSize page size, a power of two of at least 4096
   * @param maxOrder chunk size is {@code pageSize << maxOrder}, at most 1 GiB
   * @param smallCacheSize cache entries per small size class per thread
   * @param normalCacheSize cache entries per cached normal size class per thread
   * @param maxCachedBufferCapacity largest normalised size a thread cache keeps
   * @throws IllegalArgumentException if a setting is out of range
   */
  public PooledByteBufAllocator(
      boolean preferDirect,
      int numHeapArenas,
      int numDirectArenas,
      int pageSize,
      int maxOrder,
      int smallCacheSize,
      int normalCacheSize,
      int maxCachedBufferCapacity) {
    this(
        preferDirect,
        config(
            numHeapArenas,
            numDirectArenas,
            pageSize,
            maxOrder,
            smallCacheSize,
            normalCacheSize,
            maxCachedBufferCapacity));
  }

  private PooledByteBufAllocator(boolean preferDirect, PoolConfig config) {
    this.preferDirect = preferDirect;
    this.engine = new PoolEngine(config);
  }

  private static PooledByteBufAllocator createDefault() {
    // Initializing this class initializes ByteBufAllocator first, which may already have made the
    // default instance (see AllocatorSelection).
    PooledByteBufAllocator early = AllocatorSelection.earlyPooled();
    return early != null
        ? early
        : new PooledByteBufAllocator(
            SystemProperties.getBoolean("io.tern.buffer.preferDirect", true),
            PoolConfig.fromSystemProperties());
  }

  private static PoolConfig config(
      int numHeapArenas,
      int numDirectArenas,
      int pageSize,
      int maxOrder,
      int smallCacheSize,
      int normalCacheSize,
      int maxCachedBufferCapacity) {
    if (maxOrder < 0 || maxOrder > 14 || pageSize <= 0 || ((long) pageSize << maxOrder) > 1 << 30) {
      throw new IllegalArgumentException(
          "pageSize << maxOrder must be at most 1 GiB: " + pageSize + " << " + maxOrder);
    }
    PoolConfig defaults = PoolConfig.fromSystemProperties();
    return new PoolConfig(
        pageSize,
        pageSize << maxOrder,
        numHeapArenas,
        numDirectArenas,
        smallCacheSize,
        normalCacheSize,
        maxCachedBufferCapacity,
        defaults.cacheTrimInterval(),
        defaults.useCacheForVirtualThreads(),
        defaults.maxCachedBuffersPerThread(),
        defaults.smallCacheFill());
  }

  @Override
  public ByteBuf heapBuffer(int initialCapacity, int maxCapacity) {
    checkCapacities(initialCapacity, maxCapacity);
    if (!engine.heapPooled()) {
      return LeakAware.track(new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity));
    }
    return LeakAware.track(PooledHeapByteBuf.allocate(this, engine, initialCapacity, maxCapacity));
  }

  @Override
  public ByteBuf directBuffer(int initialCapacity, int maxCapacity) {
    checkCapacities(initialCapacity, maxCapacity);
    if (!engine.directPooled()) {
      return LeakAware.track(new UnpooledDirectByteBuf(this, initialCapacity, maxCapacity));
    }
    return LeakAware.track(
        PooledDirectByteBuf.allocate(this, engine, initialCapacity, maxCapacity));
  }

  private static void checkCapacities(int initialCapacity, int maxCapacity) {
    if (initialCapacity < 0 || initialCapacity > maxCapacity) {
      throw new IllegalArgumentException(
          "initialCapacity: "
              + initialCapacity
              + " (expected: 0 <= initialCapacity <= maxCapacity "
              + maxCapacity
              + ")");
    }
  }

  @Override
  public boolean isDirectBufferPooled() {
    return engine.directPooled();
  }

  @Override
  public boolean isPreferDirect() {
    return preferDirect;
  }

  /**
   * Returns the allocator's configuration and usage; any thread may call it.
   *
   * @return the metrics view
   */
  public PooledByteBufAllocatorMetric metric() {
    return engine;
  }

  /**
   * Gives back to the arenas the calling thread's cached regions that were not reused since the
   * last trim (the cache also does this every {@code io.tern.buffer.pooled.cacheTrimInterval}
   * allocations).
   *
   * @return how many cached regions were released
   */
  public int trimCurrentThreadCache() {
    return engine.trimCurrentThreadCache();
  }

  /**
   * Frees the calling thread's caches now, e.g. before a pooled thread goes idle for long; its next
   * allocation creates new ones.
   *
   * @return {@code true} if the thread had caches
   */
  public boolean freeThreadLocalCache() {
    return engine.freeCurrentThreadCache();
  }

  @Override
  public String toString() {
    return "PooledByteBufAllocator(preferDirect: "
        + preferDirect
        + ", heapArenas: "
        + engine.heapArenas().size()
        + ", directArenas: "
        + engine.directArenas().size()
        + ")";
  }
}

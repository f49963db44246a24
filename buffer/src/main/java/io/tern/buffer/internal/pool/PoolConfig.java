package io.tern.buffer.internal.pool;

import io.tern.common.SystemProperties;

/**
 * Settings of a pooled allocator, with defaults read from system properties.
 *
 * <p>Properties (each read once, when {@link #fromSystemProperties()} runs — for the default
 * allocator, when the class is first used):
 *
 * <ul>
 *   <li>{@code io.tern.buffer.pooled.pageSize} — page size, a power of two ≥ 4096; default 8192.
 *   <li>{@code io.tern.buffer.pooled.maxOrder} — chunk size is {@code pageSize << maxOrder};
 *       default 9 (4 MiB chunks), at most 14.
 *   <li>{@code io.tern.buffer.pooled.chunkSize} — chunk size in bytes (a power of two), overriding
 *       {@code maxOrder} when set.
 *   <li>{@code io.tern.buffer.pooled.numHeapArenas} — default {@code 2 × cores}, lowered so that
 *       three chunks per arena take at most half of {@code Runtime.maxMemory()}; 0 disables pooling
 *       of heap buffers.
 *   <li>{@code io.tern.buffer.pooled.numDirectArenas} — default {@code 2 × cores}, lowered the same
 *       way against {@code io.tern.buffer.pooled.maxDirectMemory}; 0 disables pooling of direct
 *       buffers.
 *   <li>{@code io.tern.buffer.pooled.maxDirectMemory} — the native memory budget used only to bound
 *       the default number of direct arenas; default {@code Runtime.maxMemory()} (the JDK's own
 *       default for {@code -XX:MaxDirectMemorySize}).
 *   <li>{@code io.tern.buffer.pooled.smallCacheSize} — entries per small size class in each thread
 *       cache; default 256.
 *   <li>{@code io.tern.buffer.pooled.normalCacheSize} — entries of the smallest normal size class
 *       (4 pages) in each thread cache, halved per doubling of the size, at least 1; default 64.
 *   <li>{@code io.tern.buffer.pooled.maxCachedBufferCapacity} — largest normalised size a thread
 *       cache keeps; default 1 MiB (with 8 KiB pages: 21 normal classes, each at most about 2 MiB).
 *   <li>{@code io.tern.buffer.pooled.cacheTrimInterval} — allocations by a thread between two trims
 *       of its cache; default 8192.
 *   <li>{@code io.tern.buffer.pooled.useCacheForVirtualThreads} — give virtual threads thread
 *       caches too; default false (a cache per short-lived virtual thread would pin memory and
 *       churn).
 *   <li>{@code io.tern.buffer.pooled.maxCachedBuffersPerThread} — recycled buffer objects each
 *       thread keeps; default 64.
 * </ul>
 *
 * @param pageSize bytes per page
 * @param chunkSize bytes per chunk
 * @param numHeapArenas heap arenas (0: heap pooling off)
 * @param numDirectArenas direct arenas (0: direct pooling off)
 * @param smallCacheSize entries per small class per thread
 * @param normalCacheSize entries per cached normal class per thread
 * @param maxCachedBufferCapacity largest cached normalised size
 * @param cacheTrimInterval allocations between trims
 * @param useCacheForVirtualThreads whether virtual threads get caches
 * @param maxCachedBuffersPerThread recycled buffer objects per thread
 * @param smallCacheFill extra small elements a cache miss takes for the cache (0: none)
 */
public record PoolConfig(
    int pageSize,
    int chunkSize,
    int numHeapArenas,
    int numDirectArenas,
    int smallCacheSize,
    int normalCacheSize,
    int maxCachedBufferCapacity,
    int cacheTrimInterval,
    boolean useCacheForVirtualThreads,
    int maxCachedBuffersPerThread,
    int smallCacheFill) {

  private static final String PREFIX = "io.tern.buffer.pooled.";
  private static final int DEFAULT_PAGE_SIZE = 8192;
  private static final int DEFAULT_MAX_ORDER = 9;

  /** Validates the settings. */
  public PoolConfig {
    new SizeClasses(pageSize, chunkSize); // throws on a bad page or chunk size
    if (numHeapArenas < 0 || numDirectArenas < 0) {
      throw new IllegalArgumentException("arena counts must be >= 0");
    }
    if (smallCacheSize < 0 || normalCacheSize < 0 || maxCachedBufferCapacity < 0) {
      throw new IllegalArgumentException("cache sizes must be >= 0");
    }
    if (cacheTrimInterval <= 0 || maxCachedBuffersPerThread < 0 || smallCacheFill < 0) {
      throw new IllegalArgumentException("cacheTrimInterval must be > 0");
    }
  }

  /**
   * Reads the settings from system properties, with the defaults listed above.
   *
   * @return the configuration
   */
  public static PoolConfig fromSystemProperties() {
    int pageSize = SystemProperties.getInt(PREFIX + "pageSize", DEFAULT_PAGE_SIZE);
    if (pageSize < 4096 || Integer.bitCount(pageSize) != 1) {
      pageSize = DEFAULT_PAGE_SIZE;
    }
    int maxOrder = SystemProperties.getInt(PREFIX + "maxOrder", DEFAULT_MAX_ORDER);
    if (maxOrder < 0 || maxOrder > 14 || ((long) pageSize << maxOrder) > (1 << 30)) {
      maxOrder = DEFAULT_MAX_ORDER;
    }
    int chunkSize = SystemProperties.getInt(PREFIX + "chunkSize", pageSize << maxOrder);
    if (chunkSize < pageSize
        || Integer.bitCount(chunkSize) != 1
        || chunkSize > (1 << 30)
        || chunkSize / pageSize > PoolChunk.MAX_PAGES) {
      chunkSize = pageSize << maxOrder;
    }
    int cores = Runtime.getRuntime().availableProcessors();
    long maxHeap = Runtime.getRuntime().maxMemory();
    long maxDirect = SystemProperties.getLong(PREFIX + "maxDirectMemory", maxHeap);
    int heapArenas =
        SystemProperties.getInt(PREFIX + "numHeapArenas", defaultArenas(cores, maxHeap, chunkSize));
    int directArenas =
        SystemProperties.getInt(
            PREFIX + "numDirectArenas", defaultArenas(cores, maxDirect, chunkSize));
    return new PoolConfig(
        pageSize,
        chunkSize,
        Math.max(0, heapArenas),
        Math.max(0, directArenas),
        Math.max(0, SystemProperties.getInt(PREFIX + "smallCacheSize", 256)),
        Math.max(0, SystemProperties.getInt(PREFIX + "normalCacheSize", 64)),
        Math.max(0, SystemProperties.getInt(PREFIX + "maxCachedBufferCapacity", 1 << 20)),
        Math.max(1, SystemProperties.getInt(PREFIX + "cacheTrimInterval", 8192)),
        SystemProperties.getBoolean(PREFIX + "useCacheForVirtualThreads", false),
        Math.max(0, SystemProperties.getInt(PREFIX + "maxCachedBuffersPerThread", 64)),
        Math.max(0, SystemProperties.getInt(PREFIX + "smallCacheFill", 8)));
  }

  /** {@code 2 × cores}, but no more than three chunks per arena in half of {@code memory}. */
  static int defaultArenas(int cores, long memory, int chunkSize) {
    long bound = memory / chunkSize / 2 / 3;
    return (int) Math.max(0, Math.min(2L * cores, bound));
  }

  /**
   * Returns a copy with other arena counts (for tests and custom allocators).
   *
   * @param heap heap arenas
   * @param direct direct arenas
   * @return the new configuration
   */
  public PoolConfig withArenas(int heap, int direct) {
    return new PoolConfig(
        pageSize,
        chunkSize,
        heap,
        direct,
        smallCacheSize,
        normalCacheSize,
        maxCachedBufferCapacity,
        cacheTrimInterval,
        useCacheForVirtualThreads,
        maxCachedBuffersPerThread,
        smallCacheFill);
  }
}

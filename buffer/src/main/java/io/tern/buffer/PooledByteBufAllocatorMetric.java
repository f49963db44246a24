package io.tern.buffer;

import java.util.List;

/**
 * Configuration and usage of a pooled allocator, with a view of each arena.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may call these methods; usage values are approximate while other threads allocate
 * (see {@link PoolArenaMetric}).
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface PooledByteBufAllocatorMetric {
  /**
   * Returns the heap arenas.
   *
   * @return one view per arena
   */
  List<PoolArenaMetric> heapArenas();

  /**
   * Returns the direct (native memory) arenas.
   *
   * @return one view per arena
   */
  List<PoolArenaMetric> directArenas();

  /**
   * Returns how many threads have a live thread-local cache.
   *
   * @return count
   */
  int numThreadLocalCaches();

  /**
   * Returns the entries each small size class may cache per thread.
   *
   * @return entries
   */
  int smallCacheSize();

  /**
   * Returns the entries each cached normal size class may cache per thread.
   *
   * @return entries
   */
  int normalCacheSize();

  /**
   * Returns the largest normalised size a thread-local cache keeps.
   *
   * @return bytes
   */
  int maxCachedBufferCapacity();

  /**
   * Returns the page size.
   *
   * @return bytes
   */
  int pageSize();

  /**
   * Returns the chunk size.
   *
   * @return bytes
   */
  int chunkSize();

  /**
   * Returns heap memory reserved by all heap arenas.
   *
   * @return bytes
   */
  long usedHeapMemory();

  /**
   * Returns native memory reserved by all direct arenas.
   *
   * @return bytes
   */
  long usedDirectMemory();
}

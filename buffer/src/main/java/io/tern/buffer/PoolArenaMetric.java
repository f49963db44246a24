package io.tern.buffer;

import java.util.List;

/**
 * Usage and activity of one arena of a pooled allocator.
 *
 * <p>Counts are of requests the arena itself served or took back: an allocation served from a
 * thread-local cache counts as a cache hit, not as an allocation, and a region parked in a cache
 * still counts as active. Counters are updated without a global lock, so while other threads
 * allocate the values are approximate; once they are quiet the values are exact.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may call these methods; while other threads allocate, the values are approximate.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface PoolArenaMetric {
  /**
   * Returns how many thread-local caches are bound to this arena.
   *
   * @return live cache count
   */
  int numThreadCaches();

  /**
   * Returns the small-size subpages that still have a free element.
   *
   * @return snapshots, one per subpage
   */
  List<PoolSubpageMetric> smallSubpages();

  /**
   * Returns the chunk usage lists, from the least to the most used.
   *
   * @return six lists: qInit, q000, q025, q050, q075, q100
   */
  List<PoolChunkListMetric> chunkLists();

  /**
   * Returns allocations served by the arena (all kinds).
   *
   * @return count
   */
  long numAllocations();

  /**
   * Returns small allocations served by the arena.
   *
   * @return count
   */
  long numSmallAllocations();

  /**
   * Returns normal allocations served by the arena.
   *
   * @return count
   */
  long numNormalAllocations();

  /**
   * Returns huge (unpooled) allocations.
   *
   * @return count
   */
  long numHugeAllocations();

  /**
   * Returns regions given back to the arena (all kinds).
   *
   * @return count
   */
  long numDeallocations();

  /**
   * Returns small regions given back to the arena.
   *
   * @return count
   */
  long numSmallDeallocations();

  /**
   * Returns normal regions given back to the arena.
   *
   * @return count
   */
  long numNormalDeallocations();

  /**
   * Returns huge regions freed.
   *
   * @return count
   */
  long numHugeDeallocations();

  /**
   * Returns allocations not yet given back to the arena.
   *
   * @return count
   */
  long numActiveAllocations();

  /**
   * Returns the normalised bytes of allocations not yet given back to the arena (regions parked in
   * thread caches included).
   *
   * @return bytes
   */
  long numActiveBytes();

  /**
   * Returns the memory the arena holds from the system: its chunks, including a spare, plus live
   * huge allocations.
   *
   * @return bytes
   */
  long reservedBytes();

  /**
   * Returns the number of pooled chunks the arena holds, including a spare.
   *
   * @return count
   */
  int numChunks();

  /**
   * Returns allocations served by thread-local caches bound to this arena.
   *
   * @return count
   */
  long numCacheHits();

  /**
   * Returns cacheable allocations the thread-local caches could not serve.
   *
   * @return count
   */
  long numCacheMisses();
}

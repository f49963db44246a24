package io.tern.buffer;

/**
 * A view of one chunk of a pooled allocator: a contiguous block of memory carved into page runs and
 * subpages.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may call these methods; instances returned by metrics are snapshots taken under the
 * arena's lock.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects. A metric describes memory; it does not keep it alive.
 */
public interface PoolChunkMetric {
  /**
   * Returns the share of the chunk in use, rounded up, so a chunk is at 100 only when full.
   *
   * @return usage in percent, 0 to 100
   */
  int usage();

  /**
   * Returns the chunk size.
   *
   * @return bytes
   */
  int chunkSize();

  /**
   * Returns the bytes not covered by a run (a subpage's run counts as used in full).
   *
   * @return free bytes
   */
  int freeBytes();
}

package io.tern.buffer;

/**
 * A view of one chunk usage list of a pooled arena: the chunks whose usage is within {@code
 * [minUsage, maxUsage)} percent.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may call these methods; iterating takes a snapshot under the arena's lock.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface PoolChunkListMetric extends Iterable<PoolChunkMetric> {
  /**
   * Returns the lowest usage a chunk in this list may have.
   *
   * @return percent
   */
  int minUsage();

  /**
   * Returns the usage at which a chunk moves to the next list.
   *
   * @return percent
   */
  int maxUsage();
}

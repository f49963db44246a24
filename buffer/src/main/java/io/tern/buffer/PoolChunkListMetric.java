package io.tern.buffer;

/**
 * A view of one chunk usage list of a pooled arena: the chunks whose usage is within {@code
 * [minUsage, maxUsage)} percent.
 *
 * <p>Iterating takes a snapshot under the arena's lock; any thread may call these methods.
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

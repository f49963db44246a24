package io.tern.buffer;

/**
 * A snapshot view of one subpage of a pooled allocator: a page run cut into equal elements of one
 * small size class.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may call these methods; values are read without stopping allocation, so they may be
 * stale by the time they are used.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface PoolSubpageMetric {
  /**
   * Returns how many elements the subpage holds.
   *
   * @return the element count
   */
  int maxNumElements();

  /**
   * Returns how many elements are free.
   *
   * @return the free element count
   */
  int numAvailable();

  /**
   * Returns the element size.
   *
   * @return bytes per element
   */
  int elementSize();

  /**
   * Returns the page size of the allocator.
   *
   * @return bytes per page
   */
  int pageSize();
}

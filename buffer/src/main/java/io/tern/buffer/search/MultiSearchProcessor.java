package io.tern.buffer.search;

/**
 * A {@link SearchProcessor} for several needles at once that tells which needle matched.
 *
 * <h2>Threading</h2>
 *
 * <p>Used by one thread at a time.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface MultiSearchProcessor extends SearchProcessor {
  /**
   * Returns which needle ended at the byte where the processor last stopped. When several needles
   * end there (one a suffix of another), the longest is reported.
   *
   * @return the needle's index in the array given to the factory, or {@code -1} if none matched
   */
  int getFoundNeedleId();
}

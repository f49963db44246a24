package io.tern.buffer.search;

/**
 * Entry point for single-needle searchers (named like Netty's so its users find them).
 *
 * <ul>
 *   <li>{@link #newKmpSearchProcessorFactory(byte[])}: Knuth–Morris–Pratt, any needle length,
 *       {@code O(needle)} memory.
 *   <li>{@link #newBitapSearchProcessorFactory(byte[])}: shift-and over a 64-bit state, needles up
 *       to 64 bytes, one table lookup per byte; usually the fastest.
 *   <li>{@link #newTwoWaySearchProcessorFactory(byte[])}: Crochemore–Perrin two-way, any needle
 *       length, no table at all (the needle, its critical position and period), at most two
 *       comparisons per haystack byte.
 * </ul>
 *
 * <p>All of them take each haystack byte once, in order, and find every (possibly overlapping)
 * occurrence.
 *
 * <h2>Threading</h2>
 *
 * <p>Factories are immutable and thread-safe; each processor they create is used by one thread at a
 * time.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public abstract class AbstractSearchProcessorFactory implements SearchProcessorFactory {
  /** For subclasses in this package. */
  AbstractSearchProcessorFactory() {}

  /**
   * Builds a Knuth–Morris–Pratt searcher.
   *
   * @param needle the bytes to find; copied
   * @return a factory for processors that stop at the last byte of each match
   * @throws IllegalArgumentException if {@code needle} is empty
   */
  public static AbstractSearchProcessorFactory newKmpSearchProcessorFactory(byte[] needle) {
    return new KmpSearchProcessorFactory(needle);
  }

  /**
   * Builds a shift-and (bitap) searcher.
   *
   * @param needle the bytes to find, 1 to 64 of them; copied
   * @return a factory for processors that stop at the last byte of each match
   * @throws IllegalArgumentException if {@code needle} is empty or longer than 64 bytes
   */
  public static AbstractSearchProcessorFactory newBitapSearchProcessorFactory(byte[] needle) {
    return new BitapSearchProcessorFactory(needle);
  }

  /**
   * Builds a Crochemore–Perrin two-way searcher.
   *
   * @param needle the bytes to find; copied
   * @return a factory for processors that stop at the last byte of each match
   * @throws IllegalArgumentException if {@code needle} is empty
   */
  public static AbstractSearchProcessorFactory newTwoWaySearchProcessorFactory(byte[] needle) {
    return new TwoWaySearchProcessorFactory(needle);
  }
}

package io.tern.buffer.search;

/**
 * Entry point for multi-needle searchers (named like Netty's so its users find them).
 *
 * <p>{@link #newAhoCorasicSearchProcessorFactory(byte[]...)} builds an Aho–Corasick automaton,
 * compiled into a full transition table (one lookup per haystack byte, whatever the number of
 * needles). The table takes {@code 1 KiB} per distinct needle prefix, so the total needle length is
 * limited to {@value #MAX_TOTAL_NEEDLE_LENGTH} bytes.
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
public abstract class AbstractMultiSearchProcessorFactory implements MultiSearchProcessorFactory {
  /** The largest sum of needle lengths accepted. */
  public static final int MAX_TOTAL_NEEDLE_LENGTH = 65535;

  /** For subclasses in this package. */
  AbstractMultiSearchProcessorFactory() {}

  /**
   * Builds an Aho–Corasick searcher for several needles at once.
   *
   * @param needles the byte sequences to find, each non-empty; copied. A processor's {@link
   *     MultiSearchProcessor#getFoundNeedleId()} is the index of the matching needle here.
   * @return a factory for processors that stop at the last byte of each match of any needle
   * @throws IllegalArgumentException if there is no needle, a needle is empty, or the needles
   *     together exceed {@value #MAX_TOTAL_NEEDLE_LENGTH} bytes
   */
  public static AbstractMultiSearchProcessorFactory newAhoCorasicSearchProcessorFactory(
      byte[]... needles) {
    return new AhoCorasicSearchProcessorFactory(needles);
  }
}

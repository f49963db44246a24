package io.tern.buffer.search;

/**
 * Creates processors that search for one needle.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; any thread may use it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface SearchProcessorFactory {
  /**
   * Creates a processor in its initial state.
   *
   * @return a new processor, for one thread at a time
   */
  SearchProcessor newSearchProcessor();
}

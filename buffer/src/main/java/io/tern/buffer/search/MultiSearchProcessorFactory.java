package io.tern.buffer.search;

/**
 * Creates processors that search for several needles at once.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; any thread may use it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface MultiSearchProcessorFactory extends SearchProcessorFactory {
  /**
   * Creates a processor in its initial state.
   *
   * @return a new processor, for one thread at a time
   */
  @Override
  MultiSearchProcessor newSearchProcessor();
}

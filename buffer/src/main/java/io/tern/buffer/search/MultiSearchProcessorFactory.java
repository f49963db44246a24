package io.tern.buffer.search;

/** Creates processors that search for several needles at once. Immutable; any thread may use it. */
public interface MultiSearchProcessorFactory extends SearchProcessorFactory {
  /**
   * Creates a processor in its initial state.
   *
   * @return a new processor, for one thread at a time
   */
  @Override
  MultiSearchProcessor newSearchProcessor();
}

package io.tern.buffer.search;

/** Creates processors that search for one needle. Immutable; any thread may use it. */
public interface SearchProcessorFactory {
  /**
   * Creates a processor in its initial state.
   *
   * @return a new processor, for one thread at a time
   */
  SearchProcessor newSearchProcessor();
}

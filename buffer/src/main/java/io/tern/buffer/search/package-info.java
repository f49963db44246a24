/**
 * Byte-sequence search over buffers, each linear in the haystack: Knuth–Morris–Pratt, a shift-and
 * bitmask searcher for needles up to 64 bytes, and Aho–Corasick for many needles at once.
 *
 * <p>A search processor is a {@link io.tern.buffer.ByteProcessor} that returns {@code false} on the
 * <em>last</em> byte of a match, so {@code buf.forEachByte(processor)} returns the index of that
 * byte and the match starts {@code needle.length - 1} bytes earlier:
 *
 * <pre>{@code
 * SearchProcessorFactory factory = AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(needle);
 * int end = buf.forEachByte(factory.newSearchProcessor());
 * int start = end < 0 ? -1 : end - needle.length + 1;
 * }</pre>
 *
 * <p>Factories are immutable and shared freely; build them once per needle. Processors keep the
 * automaton state, so one is confined to one thread at a time; continuing a scan after a match with
 * the same processor finds overlapping matches, and {@link
 * io.tern.buffer.search.SearchProcessor#reset()} starts over.
 */
package io.tern.buffer.search;

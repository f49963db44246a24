package io.tern.buffer.search;

import io.tern.buffer.ByteProcessor;

/**
 * A {@link ByteProcessor} that stops on the last byte of each match of its needle.
 *
 * <h2>Threading</h2>
 *
 * <p>It keeps state between bytes and between scans, so it is used by one thread at a time.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: it sees byte values, never the buffer they come from.
 */
public interface SearchProcessor extends ByteProcessor {
  /** Forgets the bytes seen so far, so the next byte is treated as the start of a new haystack. */
  void reset();
}

package io.tern.handler.stream;

import io.tern.buffer.ByteBufAllocator;

/**
 * A large or endless source of data written in chunks by a {@link ChunkedWriteHandler}, so that a
 * file or stream is sent without being read into memory at once and without outrunning the peer.
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor, one call at a time.
 *
 * <h2>Ownership</h2>
 *
 * Each chunk returned belongs to the caller (the handler writes it and the channel releases it);
 * the input itself is closed by the handler once it ends or its write fails.
 *
 * @param <B> the type of the chunks
 */
public interface ChunkedInput<B> {

  /**
   * Tells whether all data has been read.
   *
   * @return {@code true} at the end of the input
   * @throws Exception if the source fails
   */
  boolean isEndOfInput() throws Exception;

  /**
   * Releases the underlying source; called once, by the handler.
   *
   * @throws Exception if closing fails (logged)
   */
  void close() throws Exception;

  /**
   * Reads the next chunk.
   *
   * @param allocator where to allocate the chunk
   * @return the chunk, or {@code null} when no data is available yet (a non-blocking source): the
   *     handler then waits for {@link ChunkedWriteHandler#resumeTransfer()}
   * @throws Exception if the source fails; the write fails and the input is closed
   */
  B readChunk(ByteBufAllocator allocator) throws Exception;

  /**
   * Returns the total length.
   *
   * @return the number of bytes the input yields in all, or -1 if unknown
   */
  long length();

  /**
   * Returns the progress.
   *
   * @return the number of bytes read so far
   */
  long progress();
}

package io.tern.handler.stream;

/**
 * Told how far a chunked transfer has got, after each chunk is written to the transport.
 *
 * <p>Attach one to an input with {@link ProgressiveChunkedInput}.
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor, in the order the chunks were written; it must not block.
 *
 * <h2>Ownership</h2>
 *
 * Sees counts only; holds no reference-counted objects.
 */
@FunctionalInterface
public interface ChunkedProgressListener {

  /**
   * Reports that the input's bytes up to {@code progress} have been written.
   *
   * @param progress the bytes of the input written so far
   * @param total the input's {@link ChunkedInput#length() length}, or -1 if unknown
   */
  void progressed(long progress, long total);
}

package io.tern.codec.compression.internal;

import java.lang.foreign.MemorySegment;

/**
 * One native compression stream, driven a step at a time by {@link NativeEncoding}.
 *
 * <p>One thread at a time; {@link #free()} may run on a cleaner thread once the owner is
 * unreachable, and is idempotent.
 */
interface StreamCompressor {
  /** Take input, write output when the library likes. */
  int PROCESS = 0;

  /** Write out everything taken so far, so the peer can decompress it now. */
  int FLUSH = 1;

  /** End the stream. */
  int FINISH = 2;

  /**
   * Compresses from {@code [in, in + inLength)} into {@code [out, out + outLength)}.
   *
   * @param operation {@link #PROCESS}, {@link #FLUSH} or {@link #FINISH}
   * @param block native scratch of {@link Staging#BLOCK} bytes for the library's bookkeeping
   * @return {@code true} once the operation is complete: all input taken and, for a flush or
   *     finish, all output written
   * @throws IllegalStateException if the library fails
   */
  boolean compress(
      int operation, MemorySegment block, long in, int inLength, long out, int outLength);

  /** Bytes of input the last step consumed. */
  int consumed();

  /** Bytes of output the last step produced. */
  int produced();

  /** Frees the library's state. */
  void free();
}

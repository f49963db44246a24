package io.tern.codec.compression.internal;

import java.lang.foreign.MemorySegment;

/**
 * One native decompression stream, driven a step at a time by {@link NativeDecoding}: each step
 * reads from one native range and writes into another, and tells how much it consumed and produced.
 *
 * <p>One thread at a time; {@link #free()} may run on a cleaner thread once the owner is
 * unreachable, and is idempotent.
 */
interface StreamDecompressor {
  /**
   * Decompresses from {@code [in, in + inLength)} into {@code [out, out + outLength)}.
   *
   * @param block native scratch of {@link Staging#BLOCK} bytes for the library's bookkeeping
   * @return {@code true} if a compressed stream (or frame) ended and all its output was written
   * @throws io.tern.codec.compression.DecompressionException if the input is corrupt
   */
  boolean decompress(MemorySegment block, long in, int inLength, long out, int outLength);

  /** Bytes of input the last step consumed. */
  int consumed();

  /** Bytes of output the last step produced. */
  int produced();

  /** Frees the library's state. */
  void free();
}

package io.tern.codec.http;

/**
 * Any part of an HTTP message as it travels through a pipeline: a message head ({@link
 * HttpMessage}), a piece of content ({@link HttpContent}) or both ({@link FullHttpMessage}).
 *
 * <h2>Threading</h2>
 *
 * Implementations are not thread-safe unless they say so; a pipeline hands each object from one
 * handler to the next on the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * Heads hold no reference-counted objects; content (an {@link HttpContent}) holds a buffer,
 * released by whoever consumes it.
 */
public interface HttpObject {
  /**
   * Returns whether this object was decoded successfully.
   *
   * @return {@link DecoderResult#SUCCESS} unless a decoder found it malformed
   */
  DecoderResult decoderResult();

  /**
   * Records the decoding result (decoders call this).
   *
   * @param result the result
   */
  void setDecoderResult(DecoderResult result);
}

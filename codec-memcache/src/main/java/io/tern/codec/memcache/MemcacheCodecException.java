package io.tern.codec.memcache;

import io.tern.codec.DecoderException;

/**
 * Malformed binary memcache input: a wrong magic byte, or a header whose key and extras lengths
 * exceed its body length. A body over the decoder's limit is a {@link
 * io.tern.codec.TooLongFrameException} instead. Either way the decoder discards all further input:
 * close the connection.
 *
 * <h2>Threading</h2>
 *
 * Any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class MemcacheCodecException extends DecoderException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what was wrong
   */
  public MemcacheCodecException(String message) {
    super(message);
  }
}

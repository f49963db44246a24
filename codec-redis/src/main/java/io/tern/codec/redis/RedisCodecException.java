package io.tern.codec.redis;

import io.tern.codec.DecoderException;

/**
 * Malformed RESP: an unknown type byte, a line without CR LF, a length or number that is not one, a
 * bulk string not followed by CR LF, a boolean other than {@code t} or {@code f}, an unclosed quote
 * in an inline command. A size or count over a {@link RedisDecoderConfig} limit is a {@link
 * io.tern.codec.TooLongFrameException} instead.
 *
 * <p>A RESP stream cannot be resynchronised after either: the decoder releases what it held,
 * discards the rest of the input, and the connection should be closed.
 *
 * <h2>Threading</h2>
 *
 * Any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class RedisCodecException extends DecoderException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what was wrong, and where
   */
  public RedisCodecException(String message) {
    super(message);
  }
}

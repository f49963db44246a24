package io.tern.codec.http;

import io.tern.codec.TooLongFrameException;

/**
 * The header (or trailer) section is larger, or has more fields, than the decoder allows ({@link
 * HttpDecoderConfig#maxHeaderSize()}, {@link HttpDecoderConfig#maxHeaderCount()}).
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class TooLongHttpHeaderException extends TooLongFrameException {
  /**
   * Creates the exception.
   *
   * @param message what was wrong
   */
  public TooLongHttpHeaderException(String message) {
    super(message);
  }
}

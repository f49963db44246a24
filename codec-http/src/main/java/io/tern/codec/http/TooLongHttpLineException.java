package io.tern.codec.http;

import io.tern.codec.TooLongFrameException;

/**
 * The request line, status line or a chunk-size line is longer than the decoder allows ({@link
 * HttpDecoderConfig#maxInitialLineLength()}).
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class TooLongHttpLineException extends TooLongFrameException {
  /**
   * Creates the exception.
   *
   * @param message what was wrong
   */
  public TooLongHttpLineException(String message) {
    super(message);
  }
}

package io.tern.codec.http;

import io.tern.codec.TooLongFrameException;

/**
 * The request line, status line or a chunk-size line is longer than the decoder allows ({@link
 * HttpDecoderConfig#maxInitialLineLength()}).
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

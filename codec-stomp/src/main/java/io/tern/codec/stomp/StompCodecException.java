package io.tern.codec.stomp;

import io.tern.codec.DecoderException;

/**
 * Malformed STOMP input: an unknown command, a header line without a colon, an escape the version
 * does not define, a {@code content-length} that is not a number, a body not ended by NUL, a bad
 * {@code heart-beat} or {@code version} header. A limit exceeded is a {@link
 * io.tern.codec.TooLongFrameException} instead. Either way the decoder discards all further input:
 * a server answers with an {@code ERROR} frame and closes the connection.
 *
 * <h2>Threading</h2>
 *
 * Any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class StompCodecException extends DecoderException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what was wrong
   */
  public StompCodecException(String message) {
    super(message);
  }
}

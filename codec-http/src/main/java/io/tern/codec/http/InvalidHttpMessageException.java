package io.tern.codec.http;

import io.tern.codec.CorruptedFrameException;

/**
 * A message is malformed or ambiguous: a smuggling vector (conflicting framing headers, obs-fold,
 * bare CR or LF, control characters) or plain syntax errors.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class InvalidHttpMessageException extends CorruptedFrameException {
  /**
   * Creates the exception.
   *
   * @param message what was wrong
   */
  public InvalidHttpMessageException(String message) {
    super(message);
  }
}

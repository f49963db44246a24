package io.tern.codec.http.websocket;

import java.io.Serial;

/**
 * The opening handshake failed: the server's answer was not a valid {@code 101} for the request, or
 * it did not come in time.
 *
 * <h2>Threading</h2>
 *
 * Immutable once thrown; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class WebSocketHandshakeException extends RuntimeException {
  @Serial private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what was wrong
   */
  public WebSocketHandshakeException(String message) {
    super(message);
  }
}

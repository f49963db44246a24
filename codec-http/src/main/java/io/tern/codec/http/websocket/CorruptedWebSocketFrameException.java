package io.tern.codec.http.websocket;

import io.tern.codec.CorruptedFrameException;
import java.io.Serial;

/**
 * Bad input from the peer: a frame or message that breaks RFC 6455 or a configured limit, with the
 * close status the connection was (or is to be) closed with.
 *
 * <h2>Threading</h2>
 *
 * Immutable once thrown; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class CorruptedWebSocketFrameException extends CorruptedFrameException {
  @Serial private static final long serialVersionUID = 1L;

  private final transient WebSocketCloseStatus closeStatus;

  /**
   * Creates the exception.
   *
   * @param closeStatus the close status RFC 6455 names for this violation
   * @param message what was wrong
   */
  public CorruptedWebSocketFrameException(WebSocketCloseStatus closeStatus, String message) {
    super(message);
    this.closeStatus = closeStatus;
  }

  /**
   * Returns the close status RFC 6455 names for this violation.
   *
   * @return the status (its code is what the close frame carries)
   */
  public WebSocketCloseStatus closeStatus() {
    return closeStatus;
  }
}

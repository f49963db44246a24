package io.tern.codec.stomp;

import io.tern.transport.channel.ChannelException;

/**
 * The peer sent nothing, not even a heart-beat, for longer than the negotiated interval allows:
 * {@link StompHeartbeatHandler} fires this through {@code exceptionCaught} and closes the channel.
 *
 * <h2>Threading</h2>
 *
 * Any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class StompHeartbeatTimeoutException extends ChannelException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what was expected and not received
   */
  public StompHeartbeatTimeoutException(String message) {
    super(message);
  }
}

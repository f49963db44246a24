package io.tern.transport.channel;

import java.net.ConnectException;

/**
 * A connect did not complete within {@link ChannelOption#CONNECT_TIMEOUT_MILLIS}.
 *
 * <h2>Threading</h2>
 *
 * <p>Fails the connect promise on the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class ConnectTimeoutException extends ConnectException {
  /**
   * Creates the exception.
   *
   * @param message what timed out
   */
  public ConnectTimeoutException(String message) {
    super(message);
  }
}

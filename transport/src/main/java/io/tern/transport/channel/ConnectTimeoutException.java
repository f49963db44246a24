package io.tern.transport.channel;

import java.net.ConnectException;

/** A connect did not complete within {@link ChannelOption#CONNECT_TIMEOUT_MILLIS}. */
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

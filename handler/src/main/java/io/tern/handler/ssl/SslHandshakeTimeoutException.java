package io.tern.handler.ssl;

import javax.net.ssl.SSLHandshakeException;

/** The TLS handshake did not finish within its timeout; the channel was closed. */
public final class SslHandshakeTimeoutException extends SSLHandshakeException {
  /**
   * Creates an exception.
   *
   * @param message the timeout, for logs
   */
  public SslHandshakeTimeoutException(String message) {
    super(message);
  }
}

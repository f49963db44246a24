package io.tern.handler.ssl;

import javax.net.ssl.SSLHandshakeException;

/**
 * The TLS handshake did not finish within its timeout; the channel was closed.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
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

package io.tern.handler.ssl;

import javax.net.ssl.SSLException;

/**
 * The peer sent bytes that are not a TLS record (a plaintext client on a TLS port, or garbage); the
 * handshake fails and the channel is closed.
 */
public final class NotSslRecordException extends SSLException {
  /**
   * Creates an exception.
   *
   * @param message what was wrong, with the first bytes
   */
  public NotSslRecordException(String message) {
    super(message);
  }
}

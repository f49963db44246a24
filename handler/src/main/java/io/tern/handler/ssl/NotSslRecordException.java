package io.tern.handler.ssl;

import javax.net.ssl.SSLException;

/**
 * The peer sent bytes that are not a TLS record (a plaintext client on a TLS port, or garbage); the
 * handshake fails and the channel is closed.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
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

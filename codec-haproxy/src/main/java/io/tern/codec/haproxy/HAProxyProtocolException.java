package io.tern.codec.haproxy;

import io.tern.codec.DecoderException;

/**
 * A PROXY protocol header was malformed, too long, or failed its CRC32C check. The decoder that
 * raises it has closed the channel: the connection cannot be trusted to say who the client is.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable once thrown: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class HAProxyProtocolException extends DecoderException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param message what was wrong with the header
   */
  public HAProxyProtocolException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a cause.
   *
   * @param message what was wrong with the header
   * @param cause the underlying failure
   */
  public HAProxyProtocolException(String message, Throwable cause) {
    super(message, cause);
  }
}

package io.tern.codec.socks;

import io.tern.codec.DecoderException;

/**
 * A SOCKS message was malformed or broke a limit (a field longer than 255 bytes, an unknown
 * version, command or address type). The decoder that raises it drops the rest of the input; the
 * handler that sees it closes the connection.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable once thrown: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class SocksProtocolException extends DecoderException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param message what was wrong
   */
  public SocksProtocolException(String message) {
    super(message);
  }
}

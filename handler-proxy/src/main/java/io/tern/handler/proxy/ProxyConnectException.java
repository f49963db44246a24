package io.tern.handler.proxy;

import java.net.ConnectException;
import java.util.Objects;

/**
 * A connection through a proxy failed: the proxy refused it (its reply is named), asked for
 * credentials that were missing or wrong, spoke something else, closed the connection, or did not
 * finish in time.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable once thrown: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class ProxyConnectException extends ConnectException {
  private static final long serialVersionUID = 1L;

  /** Why the connection failed. */
  public enum Reason {
    /** The proxy answered with a refusal: see {@link #reply()}. */
    REFUSED,
    /** The proxy refused the authentication offered (or asked for one that was not given). */
    AUTHENTICATION_FAILED,
    /** The proxy's answer was not the protocol expected. */
    PROTOCOL_ERROR,
    /** The proxy closed the connection before the handshake ended. */
    CLOSED,
    /** The handshake did not finish within the handler's connect timeout. */
    TIMEOUT
  }

  private final String protocol;
  private final Reason reason;
  private final String reply;

  /**
   * Creates an exception.
   *
   * @param protocol {@code socks4}, {@code socks5} or {@code http}
   * @param reason why
   * @param reply the proxy's reply as text (a status name and code, or an HTTP status line), or
   *     {@code null} if there was none
   * @param message the detail message
   */
  public ProxyConnectException(String protocol, Reason reason, String reply, String message) {
    super(protocol + ", " + Objects.requireNonNull(reason, "reason") + ": " + message);
    this.protocol = protocol;
    this.reason = reason;
    this.reply = reply;
  }

  /**
   * Returns the proxy protocol.
   *
   * @return {@code socks4}, {@code socks5} or {@code http}
   */
  public String protocol() {
    return protocol;
  }

  /**
   * Returns why the connection failed.
   *
   * @return the reason
   */
  public Reason reason() {
    return reason;
  }

  /**
   * Returns the proxy's reply.
   *
   * @return for example {@code CONNECTION_REFUSED(5)}, {@code REJECTED_OR_FAILED(91)} or {@code
   *     HTTP/1.1 403 Forbidden}; {@code null} when the proxy sent none
   */
  public String reply() {
    return reply;
  }
}

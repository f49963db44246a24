package io.tern.codec.http.websocket;

/**
 * A close status: the code and reason a close frame carries (RFC 6455, section 7.4). The constants
 * are the codes the RFC and the IANA registry define; any code a peer may send is accepted by
 * {@link #of}, if {@link #isValidCode} allows it on the wire.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param code the status code
 * @param reason the reason text (at most 123 bytes of UTF-8 on the wire)
 */
public record WebSocketCloseStatus(int code, String reason) {
  /** 1000: the purpose of the connection has been fulfilled. */
  public static final WebSocketCloseStatus NORMAL_CLOSURE = new WebSocketCloseStatus(1000, "Bye");

  /** 1001: the endpoint is going away (server shutting down, page left). */
  public static final WebSocketCloseStatus ENDPOINT_UNAVAILABLE =
      new WebSocketCloseStatus(1001, "Endpoint unavailable");

  /** 1002: the peer broke the protocol. */
  public static final WebSocketCloseStatus PROTOCOL_ERROR =
      new WebSocketCloseStatus(1002, "Protocol error");

  /** 1003: a kind of data the endpoint cannot accept. */
  public static final WebSocketCloseStatus INVALID_MESSAGE_TYPE =
      new WebSocketCloseStatus(1003, "Invalid message type");

  /** 1007: a text message (or close reason) that is not UTF-8. */
  public static final WebSocketCloseStatus INVALID_PAYLOAD_DATA =
      new WebSocketCloseStatus(1007, "Invalid payload data");

  /** 1008: a message that violates the endpoint's policy. */
  public static final WebSocketCloseStatus POLICY_VIOLATION =
      new WebSocketCloseStatus(1008, "Policy violation");

  /** 1009: a frame or message larger than the endpoint's limit. */
  public static final WebSocketCloseStatus MESSAGE_TOO_BIG =
      new WebSocketCloseStatus(1009, "Message too big");

  /** 1010: the client expected an extension the server did not negotiate. */
  public static final WebSocketCloseStatus MANDATORY_EXTENSION =
      new WebSocketCloseStatus(1010, "Mandatory extension");

  /** 1011: the server met an unexpected condition. */
  public static final WebSocketCloseStatus INTERNAL_SERVER_ERROR =
      new WebSocketCloseStatus(1011, "Internal server error");

  /** 1012: the server is restarting. */
  public static final WebSocketCloseStatus SERVICE_RESTART =
      new WebSocketCloseStatus(1012, "Service restart");

  /** 1013: try again later. */
  public static final WebSocketCloseStatus TRY_AGAIN_LATER =
      new WebSocketCloseStatus(1013, "Try again later");

  /** 1014: a gateway got an invalid answer upstream. */
  public static final WebSocketCloseStatus BAD_GATEWAY =
      new WebSocketCloseStatus(1014, "Bad gateway");

  /**
   * Checks the code and reason.
   *
   * @param code the status code, {@code 0..65535}
   * @param reason the reason, not {@code null}
   */
  public WebSocketCloseStatus {
    if (code < 0 || code > 0xFFFF) {
      throw new IllegalArgumentException("close code out of range: " + code);
    }
    java.util.Objects.requireNonNull(reason, "reason");
  }

  /**
   * Returns a status with {@code code} and {@code reason}.
   *
   * @param code the status code
   * @param reason the reason
   * @return the status
   */
  public static WebSocketCloseStatus of(int code, String reason) {
    return new WebSocketCloseStatus(code, reason);
  }

  /**
   * Returns whether {@code code} may appear in a close frame: 1000–1003, 1007–1014 (1004 is
   * reserved, and 1005, 1006 and 1015 only report what happened locally), and 3000–4999 (registered
   * and private codes).
   *
   * @param code the code read from a close frame
   * @return {@code true} if a peer may send it
   */
  public static boolean isValidCode(int code) {
    return (code >= 1000 && code <= 1003)
        || (code >= 1007 && code <= 1014)
        || (code >= 3000 && code <= 4999);
  }
}

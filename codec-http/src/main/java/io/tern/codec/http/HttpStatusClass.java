package io.tern.codec.http;

/**
 * The class of an HTTP status code: its first digit (RFC 9110, section 15).
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum HttpStatusClass {
  /** 1xx: the request was received, processing continues. */
  INFORMATIONAL(100, 200),
  /** 2xx: the request was received, understood and accepted. */
  SUCCESS(200, 300),
  /** 3xx: further action is needed to complete the request. */
  REDIRECTION(300, 400),
  /** 4xx: the request is wrong or cannot be fulfilled. */
  CLIENT_ERROR(400, 500),
  /** 5xx: the server failed to fulfil a valid request. */
  SERVER_ERROR(500, 600),
  /** Any code outside 100 to 599. */
  UNKNOWN(0, 0);

  private final int min;
  private final int max;

  HttpStatusClass(int min, int max) {
    this.min = min;
    this.max = max;
  }

  /**
   * Returns the class of a status code.
   *
   * @param code the status code
   * @return its class, {@link #UNKNOWN} outside 100 to 599
   */
  public static HttpStatusClass valueOf(int code) {
    return switch (code / 100) {
      case 1 -> code >= 100 ? INFORMATIONAL : UNKNOWN;
      case 2 -> SUCCESS;
      case 3 -> REDIRECTION;
      case 4 -> CLIENT_ERROR;
      case 5 -> SERVER_ERROR;
      default -> UNKNOWN;
    };
  }

  /**
   * Returns whether {@code code} belongs to this class.
   *
   * @param code the status code
   * @return {@code true} if it does
   */
  public boolean contains(int code) {
    return this == UNKNOWN ? valueOf(code) == UNKNOWN : code >= min && code < max;
  }
}

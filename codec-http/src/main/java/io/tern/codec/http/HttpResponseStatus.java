package io.tern.codec.http;

import io.tern.common.AsciiString;
import java.util.Objects;

/**
 * The status of an HTTP response: a three-digit code and a reason phrase.
 *
 * <p>The registered codes are shared constants whose code, reason phrase and {@code "code reason"}
 * line part are cached as {@link AsciiString}s, so an encoder copies them without conversion;
 * {@link #valueOf(int)} returns them without allocating. Instances are immutable and may be shared
 * between threads. Two statuses are equal when their codes are (the reason phrase is advisory).
 *
 * <h2>Threading</h2>
 *
 * Instances are immutable and may be shared between threads.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class HttpResponseStatus implements Comparable<HttpResponseStatus> {
  /** 100 Continue. */
  public static final HttpResponseStatus CONTINUE = newConstant(100, "Continue");

  /** 101 Switching Protocols. */
  public static final HttpResponseStatus SWITCHING_PROTOCOLS =
      newConstant(101, "Switching Protocols");

  /** 102 Processing. */
  public static final HttpResponseStatus PROCESSING = newConstant(102, "Processing");

  /** 103 Early Hints. */
  public static final HttpResponseStatus EARLY_HINTS = newConstant(103, "Early Hints");

  /** 200 OK. */
  public static final HttpResponseStatus OK = newConstant(200, "OK");

  /** 201 Created. */
  public static final HttpResponseStatus CREATED = newConstant(201, "Created");

  /** 202 Accepted. */
  public static final HttpResponseStatus ACCEPTED = newConstant(202, "Accepted");

  /** 203 Non-Authoritative Information. */
  public static final HttpResponseStatus NON_AUTHORITATIVE_INFORMATION =
      newConstant(203, "Non-Authoritative Information");

  /** 204 No Content. */
  public static final HttpResponseStatus NO_CONTENT = newConstant(204, "No Content");

  /** 205 Reset Content. */
  public static final HttpResponseStatus RESET_CONTENT = newConstant(205, "Reset Content");

  /** 206 Partial Content. */
  public static final HttpResponseStatus PARTIAL_CONTENT = newConstant(206, "Partial Content");

  /** 207 Multi-Status. */
  public static final HttpResponseStatus MULTI_STATUS = newConstant(207, "Multi-Status");

  /** 208 Already Reported. */
  public static final HttpResponseStatus ALREADY_REPORTED = newConstant(208, "Already Reported");

  /** 226 IM Used. */
  public static final HttpResponseStatus IM_USED = newConstant(226, "IM Used");

  /** 300 Multiple Choices. */
  public static final HttpResponseStatus MULTIPLE_CHOICES = newConstant(300, "Multiple Choices");

  /** 301 Moved Permanently. */
  public static final HttpResponseStatus MOVED_PERMANENTLY = newConstant(301, "Moved Permanently");

  /** 302 Found. */
  public static final HttpResponseStatus FOUND = newConstant(302, "Found");

  /** 303 See Other. */
  public static final HttpResponseStatus SEE_OTHER = newConstant(303, "See Other");

  /** 304 Not Modified. */
  public static final HttpResponseStatus NOT_MODIFIED = newConstant(304, "Not Modified");

  /** 305 Use Proxy. */
  public static final HttpResponseStatus USE_PROXY = newConstant(305, "Use Proxy");

  /** 307 Temporary Redirect. */
  public static final HttpResponseStatus TEMPORARY_REDIRECT =
      newConstant(307, "Temporary Redirect");

  /** 308 Permanent Redirect. */
  public static final HttpResponseStatus PERMANENT_REDIRECT =
      newConstant(308, "Permanent Redirect");

  /** 400 Bad Request. */
  public static final HttpResponseStatus BAD_REQUEST = newConstant(400, "Bad Request");

  /** 401 Unauthorized. */
  public static final HttpResponseStatus UNAUTHORIZED = newConstant(401, "Unauthorized");

  /** 402 Payment Required. */
  public static final HttpResponseStatus PAYMENT_REQUIRED = newConstant(402, "Payment Required");

  /** 403 Forbidden. */
  public static final HttpResponseStatus FORBIDDEN = newConstant(403, "Forbidden");

  /** 404 Not Found. */
  public static final HttpResponseStatus NOT_FOUND = newConstant(404, "Not Found");

  /** 405 Method Not Allowed. */
  public static final HttpResponseStatus METHOD_NOT_ALLOWED =
      newConstant(405, "Method Not Allowed");

  /** 406 Not Acceptable. */
  public static final HttpResponseStatus NOT_ACCEPTABLE = newConstant(406, "Not Acceptable");

  /** 407 Proxy Authentication Required. */
  public static final HttpResponseStatus PROXY_AUTHENTICATION_REQUIRED =
      newConstant(407, "Proxy Authentication Required");

  /** 408 Request Timeout. */
  public static final HttpResponseStatus REQUEST_TIMEOUT = newConstant(408, "Request Timeout");

  /** 409 Conflict. */
  public static final HttpResponseStatus CONFLICT = newConstant(409, "Conflict");

  /** 410 Gone. */
  public static final HttpResponseStatus GONE = newConstant(410, "Gone");

  /** 411 Length Required. */
  public static final HttpResponseStatus LENGTH_REQUIRED = newConstant(411, "Length Required");

  /** 412 Precondition Failed. */
  public static final HttpResponseStatus PRECONDITION_FAILED =
      newConstant(412, "Precondition Failed");

  /** 413 Content Too Large. */
  public static final HttpResponseStatus REQUEST_ENTITY_TOO_LARGE =
      newConstant(413, "Content Too Large");

  /** 414 URI Too Long. */
  public static final HttpResponseStatus REQUEST_URI_TOO_LONG = newConstant(414, "URI Too Long");

  /** 415 Unsupported Media Type. */
  public static final HttpResponseStatus UNSUPPORTED_MEDIA_TYPE =
      newConstant(415, "Unsupported Media Type");

  /** 416 Range Not Satisfiable. */
  public static final HttpResponseStatus REQUESTED_RANGE_NOT_SATISFIABLE =
      newConstant(416, "Range Not Satisfiable");

  /** 417 Expectation Failed. */
  public static final HttpResponseStatus EXPECTATION_FAILED =
      newConstant(417, "Expectation Failed");

  /** 418 I'm a teapot. */
  public static final HttpResponseStatus IM_A_TEAPOT = newConstant(418, "I'm a teapot");

  /** 421 Misdirected Request. */
  public static final HttpResponseStatus MISDIRECTED_REQUEST =
      newConstant(421, "Misdirected Request");

  /** 422 Unprocessable Content. */
  public static final HttpResponseStatus UNPROCESSABLE_ENTITY =
      newConstant(422, "Unprocessable Content");

  /** 423 Locked. */
  public static final HttpResponseStatus LOCKED = newConstant(423, "Locked");

  /** 424 Failed Dependency. */
  public static final HttpResponseStatus FAILED_DEPENDENCY = newConstant(424, "Failed Dependency");

  /** 425 Too Early. */
  public static final HttpResponseStatus TOO_EARLY = newConstant(425, "Too Early");

  /** 426 Upgrade Required. */
  public static final HttpResponseStatus UPGRADE_REQUIRED = newConstant(426, "Upgrade Required");

  /** 428 Precondition Required. */
  public static final HttpResponseStatus PRECONDITION_REQUIRED =
      newConstant(428, "Precondition Required");

  /** 429 Too Many Requests. */
  public static final HttpResponseStatus TOO_MANY_REQUESTS = newConstant(429, "Too Many Requests");

  /** 431 Request Header Fields Too Large. */
  public static final HttpResponseStatus REQUEST_HEADER_FIELDS_TOO_LARGE =
      newConstant(431, "Request Header Fields Too Large");

  /** 451 Unavailable For Legal Reasons. */
  public static final HttpResponseStatus UNAVAILABLE_FOR_LEGAL_REASONS =
      newConstant(451, "Unavailable For Legal Reasons");

  /** 500 Internal Server Error. */
  public static final HttpResponseStatus INTERNAL_SERVER_ERROR =
      newConstant(500, "Internal Server Error");

  /** 501 Not Implemented. */
  public static final HttpResponseStatus NOT_IMPLEMENTED = newConstant(501, "Not Implemented");

  /** 502 Bad Gateway. */
  public static final HttpResponseStatus BAD_GATEWAY = newConstant(502, "Bad Gateway");

  /** 503 Service Unavailable. */
  public static final HttpResponseStatus SERVICE_UNAVAILABLE =
      newConstant(503, "Service Unavailable");

  /** 504 Gateway Timeout. */
  public static final HttpResponseStatus GATEWAY_TIMEOUT = newConstant(504, "Gateway Timeout");

  /** 505 HTTP Version Not Supported. */
  public static final HttpResponseStatus HTTP_VERSION_NOT_SUPPORTED =
      newConstant(505, "HTTP Version Not Supported");

  /** 506 Variant Also Negotiates. */
  public static final HttpResponseStatus VARIANT_ALSO_NEGOTIATES =
      newConstant(506, "Variant Also Negotiates");

  /** 507 Insufficient Storage. */
  public static final HttpResponseStatus INSUFFICIENT_STORAGE =
      newConstant(507, "Insufficient Storage");

  /** 508 Loop Detected. */
  public static final HttpResponseStatus LOOP_DETECTED = newConstant(508, "Loop Detected");

  /** 510 Not Extended. */
  public static final HttpResponseStatus NOT_EXTENDED = newConstant(510, "Not Extended");

  /** 511 Network Authentication Required. */
  public static final HttpResponseStatus NETWORK_AUTHENTICATION_REQUIRED =
      newConstant(511, "Network Authentication Required");

  private static final HttpResponseStatus[] BY_CODE = new HttpResponseStatus[600];

  static {
    for (HttpResponseStatus s :
        new HttpResponseStatus[] {
          CONTINUE,
          SWITCHING_PROTOCOLS,
          PROCESSING,
          EARLY_HINTS,
          OK,
          CREATED,
          ACCEPTED,
          NON_AUTHORITATIVE_INFORMATION,
          NO_CONTENT,
          RESET_CONTENT,
          PARTIAL_CONTENT,
          MULTI_STATUS,
          ALREADY_REPORTED,
          IM_USED,
          MULTIPLE_CHOICES,
          MOVED_PERMANENTLY,
          FOUND,
          SEE_OTHER,
          NOT_MODIFIED,
          USE_PROXY,
          TEMPORARY_REDIRECT,
          PERMANENT_REDIRECT,
          BAD_REQUEST,
          UNAUTHORIZED,
          PAYMENT_REQUIRED,
          FORBIDDEN,
          NOT_FOUND,
          METHOD_NOT_ALLOWED,
          NOT_ACCEPTABLE,
          PROXY_AUTHENTICATION_REQUIRED,
          REQUEST_TIMEOUT,
          CONFLICT,
          GONE,
          LENGTH_REQUIRED,
          PRECONDITION_FAILED,
          REQUEST_ENTITY_TOO_LARGE,
          REQUEST_URI_TOO_LONG,
          UNSUPPORTED_MEDIA_TYPE,
          REQUESTED_RANGE_NOT_SATISFIABLE,
          EXPECTATION_FAILED,
          IM_A_TEAPOT,
          MISDIRECTED_REQUEST,
          UNPROCESSABLE_ENTITY,
          LOCKED,
          FAILED_DEPENDENCY,
          TOO_EARLY,
          UPGRADE_REQUIRED,
          PRECONDITION_REQUIRED,
          TOO_MANY_REQUESTS,
          REQUEST_HEADER_FIELDS_TOO_LARGE,
          UNAVAILABLE_FOR_LEGAL_REASONS,
          INTERNAL_SERVER_ERROR,
          NOT_IMPLEMENTED,
          BAD_GATEWAY,
          SERVICE_UNAVAILABLE,
          GATEWAY_TIMEOUT,
          HTTP_VERSION_NOT_SUPPORTED,
          VARIANT_ALSO_NEGOTIATES,
          INSUFFICIENT_STORAGE,
          LOOP_DETECTED,
          NOT_EXTENDED,
          NETWORK_AUTHENTICATION_REQUIRED,
        }) {
      BY_CODE[s.code] = s;
    }
  }

  private final int code;
  private final AsciiString codeAsText;
  private final AsciiString reasonPhrase;
  private final AsciiString codeAndReason;
  private final HttpStatusClass codeClass;

  /**
   * Creates a status; prefer {@link #valueOf(int)} or {@link #valueOf(int, String)}.
   *
   * @param code the three-digit code, 100 to 999
   * @param reasonPhrase the reason phrase: no CR, LF or other control characters
   * @throws IllegalArgumentException if the code is out of range or the phrase is invalid
   */
  public HttpResponseStatus(int code, String reasonPhrase) {
    if (code < 100 || code > 999) {
      throw new IllegalArgumentException("code: " + code + " (expected: 100 to 999)");
    }
    Objects.requireNonNull(reasonPhrase, "reasonPhrase");
    for (int i = 0; i < reasonPhrase.length(); i++) {
      char c = reasonPhrase.charAt(i);
      if ((c < 0x20 && c != '\t') || c == 0x7F || c > 0xFF) {
        throw new IllegalArgumentException(
            "invalid character at " + i + " in reason phrase: " + reasonPhrase);
      }
    }
    this.code = code;
    this.codeAsText = AsciiString.cached(Integer.toString(code));
    this.reasonPhrase = AsciiString.cached(reasonPhrase);
    this.codeAndReason = AsciiString.cached(code + " " + reasonPhrase);
    this.codeClass = HttpStatusClass.valueOf(code);
  }

  private static HttpResponseStatus newConstant(int code, String reasonPhrase) {
    return new HttpResponseStatus(code, reasonPhrase);
  }

  /**
   * Returns the shared constant for a registered code, or a new status with the phrase {@code
   * "Unknown Status (code)"}.
   *
   * @param code the code
   * @return the status
   * @throws IllegalArgumentException if the code is not 100 to 999
   */
  public static HttpResponseStatus valueOf(int code) {
    HttpResponseStatus known = code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    return known != null ? known : new HttpResponseStatus(code, "Unknown Status (" + code + ')');
  }

  /**
   * Returns the shared constant if it has this code and phrase, otherwise a new status.
   *
   * @param code the code
   * @param reasonPhrase the reason phrase
   * @return the status
   * @throws IllegalArgumentException if the code is out of range or the phrase is invalid
   */
  public static HttpResponseStatus valueOf(int code, String reasonPhrase) {
    HttpResponseStatus known = code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    if (known != null && known.reasonPhrase.contentEquals(reasonPhrase)) {
      return known;
    }
    return new HttpResponseStatus(code, reasonPhrase);
  }

  /**
   * Parses the {@code code [reason]} part of a status line.
   *
   * @param line for example {@code 404 Not Found} or {@code 404}
   * @return the status
   * @throws IllegalArgumentException if the line does not start with a three-digit code
   */
  public static HttpResponseStatus parseLine(CharSequence line) {
    Objects.requireNonNull(line, "line");
    int len = line.length();
    if (len < 3 || (len > 3 && line.charAt(3) != ' ')) {
      throw new IllegalArgumentException("malformed status line: " + line);
    }
    int code = 0;
    for (int i = 0; i < 3; i++) {
      char c = line.charAt(i);
      if (c < '0' || c > '9') {
        throw new IllegalArgumentException("malformed status code: " + line);
      }
      code = code * 10 + (c - '0');
    }
    if (len <= 4) {
      return valueOf(code);
    }
    return valueOf(code, line.subSequence(4, len).toString());
  }

  /**
   * Returns the code.
   *
   * @return for example {@code 404}
   */
  public int code() {
    return code;
  }

  /**
   * Returns the code as cached text.
   *
   * @return for example {@code "404"}
   */
  public AsciiString codeAsText() {
    return codeAsText;
  }

  /**
   * Returns the reason phrase.
   *
   * @return for example {@code "Not Found"}
   */
  public String reasonPhrase() {
    return reasonPhrase.toString();
  }

  /**
   * Returns the reason phrase as cached text.
   *
   * @return for example {@code "Not Found"}
   */
  public AsciiString asciiReasonPhrase() {
    return reasonPhrase;
  }

  /**
   * Returns the code and the reason phrase separated by a space, as a status line carries them.
   *
   * @return for example {@code "404 Not Found"}
   */
  public AsciiString codeAndReason() {
    return codeAndReason;
  }

  /**
   * Returns the class of the code.
   *
   * @return for example {@link HttpStatusClass#CLIENT_ERROR}
   */
  public HttpStatusClass codeClass() {
    return codeClass;
  }

  @Override
  public int compareTo(HttpResponseStatus o) {
    return Integer.compare(code, o.code);
  }

  /** Equal when the codes are. */
  @Override
  public boolean equals(Object o) {
    return o instanceof HttpResponseStatus s && code == s.code;
  }

  @Override
  public int hashCode() {
    return code;
  }

  /** Returns {@link #codeAndReason()} as a string. */
  @Override
  public String toString() {
    return codeAndReason.toString();
  }
}

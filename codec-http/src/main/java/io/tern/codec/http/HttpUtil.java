package io.tern.codec.http;

import io.tern.codec.http.internal.HttpChars;
import io.tern.common.AsciiString;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
import java.util.List;

/**
 * Helpers for the headers that shape a message's framing and connection: keep-alive, an upgrade,
 * {@code Content-Length}, chunked transfer coding, {@code Expect: 100-continue} and the charset of
 * {@code Content-Type}.
 *
 * <h2>Threading</h2>
 *
 * Stateless; any thread, with the threading rules of the message passed in.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class HttpUtil {
  private HttpUtil() {}

  /**
   * Returns whether the connection stays open after this message: {@code Connection: close} closes
   * it; otherwise HTTP/1.1 keeps it open and HTTP/1.0 only with {@code Connection: keep-alive}.
   *
   * @param message the request or response
   * @return {@code true} if the connection persists
   */
  public static boolean isKeepAlive(HttpMessage message) {
    if (message instanceof DecodedHttpRequest d && !d.headersBuilt()) {
      // Answered from what the decoder saw, without building the request's header map.
      return !d.has(HttpFieldParser.Framing.CONNECTION_CLOSE)
          && (message.protocolVersion().isKeepAliveDefault()
              || d.has(HttpFieldParser.Framing.CONNECTION_KEEP_ALIVE));
    }
    HttpHeaders h = message.headers();
    if (h.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE, true)) {
      return false;
    }
    return message.protocolVersion().isKeepAliveDefault()
        || h.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE, true);
  }

  /**
   * Returns whether a request asks to switch protocols (RFC 9110, section 7.8): an HTTP/1.1 request
   * with an {@code Upgrade} field and {@code upgrade} among its {@code Connection} options. Which
   * protocol it asks for is in the {@code Upgrade} field.
   *
   * @param request the request
   * @return {@code true} if the request asks to upgrade
   */
  public static boolean isUpgradeRequest(HttpRequest request) {
    if (!request.protocolVersion().equals(HttpVersion.HTTP_1_1)) {
      return false;
    }
    if (request instanceof DecodedHttpRequest d && !d.headersBuilt()) {
      // Answered from what the decoder saw, without building the request's header map.
      return d.has(HttpFieldParser.Framing.UPGRADE_FIELD)
          && d.has(HttpFieldParser.Framing.CONNECTION_UPGRADE);
    }
    HttpHeaders h = request.headers();
    return h.contains(HttpHeaderNames.UPGRADE)
        && h.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE, true);
  }

  /**
   * Sets the {@code Connection} header so that {@link #isKeepAlive} returns {@code keepAlive} for
   * the message's version (removing it where the version's default already says so).
   *
   * @param message the request or response
   * @param keepAlive whether the connection should persist
   */
  public static void setKeepAlive(HttpMessage message, boolean keepAlive) {
    HttpHeaders h = message.headers();
    boolean byDefault = message.protocolVersion().isKeepAliveDefault();
    if (keepAlive == byDefault) {
      h.remove(HttpHeaderNames.CONNECTION);
    } else {
      h.set(
          HttpHeaderNames.CONNECTION,
          keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
    }
  }

  /**
   * Returns the {@code Content-Length} value.
   *
   * @param message the request or response
   * @param defaultValue returned if the header is absent or not a non-negative decimal number
   * @return the length
   */
  public static long contentLength(HttpMessage message, long defaultValue) {
    CharSequence v = message.headers().value(HttpHeaderNames.CONTENT_LENGTH);
    if (v == null) {
      return defaultValue;
    }
    long n = parseNonNegativeLong(v);
    return n < 0 ? defaultValue : n;
  }

  /**
   * Parses a non-negative decimal number without sign or whitespace.
   *
   * @return the number, or {@code -1} if malformed or above {@link Long#MAX_VALUE}
   */
  static long parseNonNegativeLong(CharSequence v) {
    int len = v.length();
    if (len == 0 || len > 19) {
      return -1;
    }
    long n = 0;
    for (int i = 0; i < len; i++) {
      char c = v.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return n < 0 ? -1 : n;
  }

  /**
   * Sets {@code Content-Length}.
   *
   * @param message the request or response
   * @param length the length in bytes
   */
  public static void setContentLength(HttpMessage message, long length) {
    message.headers().setLong(HttpHeaderNames.CONTENT_LENGTH, length);
  }

  /**
   * Returns whether {@code Content-Length} is present.
   *
   * @param message the request or response
   * @return {@code true} if present
   */
  public static boolean isContentLengthSet(HttpMessage message) {
    return message.headers().contains(HttpHeaderNames.CONTENT_LENGTH);
  }

  /**
   * Returns whether {@code Transfer-Encoding} lists {@code chunked}.
   *
   * @param message the request or response
   * @return {@code true} if the content is chunked
   */
  public static boolean isTransferEncodingChunked(HttpMessage message) {
    return message
        .headers()
        .containsValue(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED, true);
  }

  /**
   * Turns chunked transfer coding on (setting {@code Transfer-Encoding: chunked} and removing
   * {@code Content-Length}) or off (removing {@code chunked} from {@code Transfer-Encoding}, and
   * the header if nothing else is left).
   *
   * @param message the request or response
   * @param chunked whether to use chunked transfer coding
   */
  public static void setTransferEncodingChunked(HttpMessage message, boolean chunked) {
    HttpHeaders h = message.headers();
    if (chunked) {
      h.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
      h.remove(HttpHeaderNames.CONTENT_LENGTH);
      return;
    }
    List<String> values = h.getAll(HttpHeaderNames.TRANSFER_ENCODING);
    if (values.isEmpty()) {
      return;
    }
    List<CharSequence> kept = new ArrayList<>();
    for (String v : values) {
      int from = 0;
      while (from <= v.length()) {
        int comma = v.indexOf(',', from);
        int to = comma < 0 ? v.length() : comma;
        String e = v.substring(from, to).strip();
        if (!e.isEmpty() && !HttpHeaderValues.CHUNKED.contentEqualsIgnoreCase(e)) {
          kept.add(e);
        }
        from = to + 1;
      }
    }
    if (kept.isEmpty()) {
      h.remove(HttpHeaderNames.TRANSFER_ENCODING);
    } else {
      h.set(HttpHeaderNames.TRANSFER_ENCODING, kept);
    }
  }

  /**
   * Returns whether the message is an HTTP/1.1 (or later) request carrying {@code Expect:
   * 100-continue}.
   *
   * @param message the message
   * @return {@code true} if the client waits for {@code 100 Continue}
   */
  public static boolean is100ContinueExpected(HttpMessage message) {
    return message instanceof HttpRequest
        && message.protocolVersion().compareTo(HttpVersion.HTTP_1_1) >= 0
        && message
            .headers()
            .contains(HttpHeaderNames.EXPECT, HttpHeaderValues.CONTINUE, /* ignoreCase= */ true);
  }

  /**
   * Returns whether the message is a request with an {@code Expect} header other than {@code
   * 100-continue}, which a server answers with {@code 417 Expectation Failed}.
   *
   * @param message the message
   * @return {@code true} if the expectation is unsupported
   */
  public static boolean isUnsupportedExpectation(HttpMessage message) {
    if (!(message instanceof HttpRequest)
        || message.protocolVersion().compareTo(HttpVersion.HTTP_1_1) < 0) {
      return false;
    }
    CharSequence expect = message.headers().value(HttpHeaderNames.EXPECT);
    return expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect);
  }

  /**
   * Adds or removes {@code Expect: 100-continue}.
   *
   * @param message the request
   * @param expected whether the client will wait for {@code 100 Continue}
   */
  public static void set100ContinueExpected(HttpMessage message, boolean expected) {
    if (expected) {
      message.headers().set(HttpHeaderNames.EXPECT, HttpHeaderValues.CONTINUE);
    } else {
      message.headers().remove(HttpHeaderNames.EXPECT);
    }
  }

  /**
   * Returns the charset named by the {@code charset} parameter of {@code Content-Type}.
   *
   * @param message the request or response
   * @param defaultCharset returned if there is none, or the JVM does not know it
   * @return the charset
   */
  public static Charset charset(HttpMessage message, Charset defaultCharset) {
    CharSequence contentType = message.headers().value(HttpHeaderNames.CONTENT_TYPE);
    return contentType == null ? defaultCharset : charset(contentType, defaultCharset);
  }

  /**
   * Returns the charset named by the {@code charset} parameter of a {@code Content-Type} value.
   *
   * @param contentType for example {@code text/html; charset="utf-8"}
   * @param defaultCharset returned if there is none, or the JVM does not know it
   * @return the charset
   */
  public static Charset charset(CharSequence contentType, Charset defaultCharset) {
    String name = parameter(contentType, HttpHeaderValues.CHARSET);
    if (name == null || name.isEmpty()) {
      return defaultCharset;
    }
    try {
      return Charset.forName(name);
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      return defaultCharset;
    }
  }

  /**
   * Returns the media type of a {@code Content-Type} value, without parameters or surrounding
   * whitespace.
   *
   * @param contentType for example {@code text/html; charset=utf-8}
   * @return for example {@code text/html}
   */
  public static String mimeType(CharSequence contentType) {
    int semi = indexOf(contentType, ';', 0);
    int end = semi < 0 ? contentType.length() : semi;
    return contentType.subSequence(0, end).toString().strip();
  }

  /**
   * Returns a parameter of a header value of the form {@code value; name=token; name="quoted"}.
   *
   * @param headerValue the header value
   * @param name the parameter name, matched ignoring case
   * @return the parameter value (unquoted), or {@code null}
   */
  public static String parameter(CharSequence headerValue, CharSequence name) {
    int len = headerValue.length();
    int i = indexOf(headerValue, ';', 0);
    while (i >= 0 && i < len) {
      int start = i + 1;
      while (start < len && HttpChars.isOws(headerValue.charAt(start))) {
        start++;
      }
      int eq = start;
      while (eq < len && headerValue.charAt(eq) != '=' && headerValue.charAt(eq) != ';') {
        eq++;
      }
      if (eq == len || headerValue.charAt(eq) == ';') {
        i = eq < len ? eq : -1; // a parameter without value
        continue;
      }
      int nameEnd = eq;
      while (nameEnd > start && HttpChars.isOws(headerValue.charAt(nameEnd - 1))) {
        nameEnd--;
      }
      boolean matches =
          AsciiString.contentEqualsIgnoreCase(headerValue.subSequence(start, nameEnd), name);
      int v = eq + 1;
      while (v < len && HttpChars.isOws(headerValue.charAt(v))) {
        v++;
      }
      if (v < len && headerValue.charAt(v) == '"') {
        StringBuilder sb = new StringBuilder();
        int j = v + 1;
        while (j < len && headerValue.charAt(j) != '"') {
          char c = headerValue.charAt(j);
          if (c == '\\' && j + 1 < len) {
            c = headerValue.charAt(++j);
          }
          sb.append(c);
          j++;
        }
        if (matches) {
          return sb.toString();
        }
        i = indexOf(headerValue, ';', Math.min(j + 1, len));
      } else {
        int end = indexOf(headerValue, ';', v);
        int stop = end < 0 ? len : end;
        if (matches) {
          return headerValue.subSequence(Math.min(v, stop), stop).toString().strip();
        }
        i = end;
      }
    }
    return null;
  }

  private static int indexOf(CharSequence s, char c, int from) {
    for (int i = from; i < s.length(); i++) {
      if (s.charAt(i) == c) {
        return i;
      }
    }
    return -1;
  }
}

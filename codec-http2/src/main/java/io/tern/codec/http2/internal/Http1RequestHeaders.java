package io.tern.codec.http2.internal;

import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http2.Http2Headers;
import io.tern.common.AsciiString;
import java.util.Locale;
import java.util.Map;

/**
 * Turns the head of an HTTP/1.1 request into HTTP/2 header fields (RFC 9113, section 8.3.1): the
 * pseudo-headers from the request line and {@code Host}, the other fields with lower-case names,
 * without the connection-specific ones (those named by {@code Connection} too) and without {@code
 * HTTP2-Settings}; {@code te} only when it is {@code trailers}.
 *
 * <p>Stateless; thread-safe.
 */
final class Http1RequestHeaders {
  private static final AsciiString HTTP2_SETTINGS = AsciiString.cached("http2-settings");

  private Http1RequestHeaders() {}

  /**
   * Converts a request's head.
   *
   * @param request the request
   * @param scheme {@code http} or {@code https}
   * @return the HTTP/2 headers
   * @throws IllegalArgumentException if a field cannot be carried by HTTP/2
   */
  static Http2Headers of(HttpRequest request, String scheme) {
    Http2Headers h = new Http2Headers();
    h.add(Http2Headers.METHOD, request.method().name());
    h.add(Http2Headers.SCHEME, scheme);
    String host = request.headers().get(HttpHeaderNames.HOST);
    if (host != null && !host.isEmpty()) {
      h.add(Http2Headers.AUTHORITY, host);
    }
    h.add(Http2Headers.PATH, request.uri());
    String connection = request.headers().get(HttpHeaderNames.CONNECTION);
    for (Map.Entry<CharSequence, CharSequence> e : request.headers()) {
      String name = e.getKey().toString().toLowerCase(Locale.ROOT);
      if (Http2HeadersValidator.isConnectionSpecific(name)
          || AsciiString.contentEquals(HttpHeaderNames.HOST, name)
          || AsciiString.contentEquals(HTTP2_SETTINGS, name)
          || namedBy(connection, name)) {
        continue;
      }
      if (Http2HeadersValidator.isTe(name)
          && !AsciiString.contentEqualsIgnoreCase("trailers", e.getValue().toString().strip())) {
        continue;
      }
      h.add(name, e.getValue().toString().strip());
    }
    return h;
  }

  private static boolean namedBy(String connection, String name) {
    if (connection == null) {
      return false;
    }
    for (String token : connection.split(",", -1)) {
      if (token.strip().equalsIgnoreCase(name)) {
        return true;
      }
    }
    return false;
  }
}

package io.tern.codec.http2.internal;

import static io.tern.codec.http2.Http2Error.PROTOCOL_ERROR;

import io.tern.codec.http2.Http2Exception;
import io.tern.codec.http2.Http2Headers;

/**
 * The framing of the HTTP message a stream receives (RFC 9113, section 8.1): on a client, any
 * number of informational ({@code 1xx}) header sections, none ending the stream; one header section
 * with the request or the final response; DATA whose total length agrees with {@code
 * content-length} when the message has one; then optionally trailers, which end the stream.
 * Violations are stream errors ({@code PROTOCOL_ERROR}): the message is malformed.
 *
 * <p>The rules keep their state in the stream ({@link Http2Stream#headersReceived(long)}, {@link
 * Http2Stream#contentReceived}) so that a stream costs no second object. Event loop only. Holds no
 * reference-counted objects.
 */
final class Http2MessageFraming {
  private Http2MessageFraming() {}

  /** What the next header block received on a stream ({@code null}: not open yet) is. */
  static DecodedHeaders.Kind nextBlock(Http2Stream s, boolean server) {
    if (s != null && s.headersReceived()) {
      return DecodedHeaders.Kind.TRAILERS;
    }
    return server ? DecodedHeaders.Kind.REQUEST : DecodedHeaders.Kind.RESPONSE;
  }

  /** Checks a received header section against the message so far, and records it. */
  static void headersReceived(
      Http2Stream s,
      DecodedHeaders.Kind kind,
      Http2Headers headers,
      boolean endStream,
      boolean server)
      throws Http2Exception {
    int streamId = s.id;
    if (kind == DecodedHeaders.Kind.TRAILERS) {
      if (!endStream) {
        throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "trailers without END_STREAM");
      }
      if (!s.contentComplete()) {
        throw Http2Exception.streamError(
            streamId, PROTOCOL_ERROR, "content-length does not match the DATA received");
      }
      return;
    }
    boolean informational = !server && isInformationalStatus(headers);
    if (informational && endStream) {
      throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "1xx with END_STREAM");
    }
    if (!informational) {
      CharSequence length = headers.get("content-length");
      long expected = length == null ? -1 : parseContentLength(streamId, length);
      s.headersReceived(expected);
      if (endStream && expected > 0 && server) {
        throw Http2Exception.streamError(
            streamId, PROTOCOL_ERROR, "content-length with END_STREAM and no content");
      }
    }
  }

  /**
   * Records received DATA.
   *
   * @return whether the content received so far still agrees with {@code content-length}
   */
  static boolean dataReceived(Http2Stream s, int length, boolean endStream) {
    return s.contentReceived(length, endStream);
  }

  private static boolean isInformationalStatus(Http2Headers headers) {
    CharSequence status = headers.status();
    return status != null && status.length() == 3 && status.charAt(0) == '1';
  }

  private static long parseContentLength(int streamId, CharSequence value) throws Http2Exception {
    long n = 0;
    int len = value.length();
    if (len == 0 || len > 18) {
      throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "invalid content-length");
    }
    for (int i = 0; i < len; i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "invalid content-length");
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }
}

package io.tern.codec.http;

import io.tern.codec.http.internal.HttpChars;
import io.tern.codec.http.internal.KnownHeaderNames;
import io.tern.common.AsciiString;

/**
 * Parses the field lines of a head or trailer section that {@link HttpHeadScanner} delimited, and
 * checks the framing fields ({@code Content-Length}, {@code Transfer-Encoding}) strictly: these are
 * what request smuggling plays on.
 *
 * <p>Threading: stateless apart from the {@link Framing} a caller passes in.
 */
final class HttpFieldParser {
  private HttpFieldParser() {}

  /** The framing fields seen while parsing a head. */
  static final class Framing {
    long contentLength = -1;
    AsciiString transferEncoding;

    /** Forgets the previous head's fields, so one instance serves a connection's heads. */
    Framing reset() {
      contentLength = -1;
      transferEncoding = null;
      return this;
    }
  }

  /**
   * Parses the field lines {@code ends[firstLine..emptyLine)} of a section into {@code headers}.
   *
   * @param b the section's bytes
   * @param ends the offsets of the section's line feeds
   * @param start the offset of the first field line
   * @param framing where framing fields are recorded (and checked for repetition), or {@code null}
   *     for trailers
   */
  static void parse(
      byte[] b,
      int[] ends,
      int firstLine,
      int emptyLine,
      int start,
      boolean validate,
      HttpHeaders headers,
      Framing framing) {
    int lineStart = start;
    for (int l = firstLine; l < emptyLine; l++) {
      int lineEnd = ends[l] - 1; // the CR
      byte first = b[lineStart];
      if (first == ' ' || first == '\t') {
        throw new InvalidHttpMessageException("obs-fold (a header line starting with whitespace)");
      }
      int colon = lineStart;
      while (colon < lineEnd && b[colon] != ':') {
        if (!HttpChars.isTokenByte(b[colon])) {
          throw new InvalidHttpMessageException(
              "invalid byte 0x" + Integer.toHexString(b[colon] & 0xFF) + " in a header name");
        }
        colon++;
      }
      if (colon == lineEnd || colon == lineStart) {
        throw new InvalidHttpMessageException("a header line without name or colon");
      }
      int vs = colon + 1;
      while (vs < lineEnd && (b[vs] == ' ' || b[vs] == '\t')) {
        vs++;
      }
      int ve = lineEnd;
      while (ve > vs && (b[ve - 1] == ' ' || b[ve - 1] == '\t')) {
        ve--;
      }
      for (int i = vs; i < ve; i++) {
        if (!HttpChars.isFieldValueByte(b[i]) && (validate || isSmugglingByte(b[i]))) {
          throw new InvalidHttpMessageException(
              "invalid byte 0x" + Integer.toHexString(b[i] & 0xFF) + " in a header value");
        }
      }
      int nameLength = colon - lineStart;
      AsciiString name = KnownHeaderNames.lookup(b, lineStart, nameLength);
      if (name == null) {
        name = new AsciiString(b, lineStart, nameLength, false);
      }
      AsciiString value =
          ve == vs ? AsciiString.EMPTY_STRING : new AsciiString(b, vs, ve - vs, false);
      if (framing != null) {
        if (name == HttpHeaderNames.CONTENT_LENGTH) {
          if (framing.contentLength >= 0) {
            throw new InvalidHttpMessageException("more than one Content-Length");
          }
          framing.contentLength = parseContentLength(b, vs, ve);
        } else if (name == HttpHeaderNames.TRANSFER_ENCODING) {
          if (framing.transferEncoding != null) {
            throw new InvalidHttpMessageException("more than one Transfer-Encoding");
          }
          framing.transferEncoding = value;
        }
      }
      headers.addTrusted(name, value);
      lineStart = ends[l] + 1;
    }
  }

  // Even without validation, these bytes never pass: they split or confuse framing.
  private static boolean isSmugglingByte(byte b) {
    return b == '\r' || b == '\n' || b == 0;
  }

  private static long parseContentLength(byte[] b, int from, int to) {
    if (from == to || to - from > 18) {
      throw new InvalidHttpMessageException("invalid Content-Length");
    }
    long n = 0;
    for (int i = from; i < to; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        throw new InvalidHttpMessageException("invalid Content-Length");
      }
      n = n * 10 + d;
    }
    return n;
  }

  /** Whether a {@code Transfer-Encoding} value is exactly {@code chunked} (any case). */
  static boolean isChunked(AsciiString te) {
    int s = 0;
    int e = te.length();
    while (s < e && HttpChars.isOws(te.charAt(s))) {
      s++;
    }
    while (e > s && HttpChars.isOws(te.charAt(e - 1))) {
      e--;
    }
    return e - s == 7 && te.regionMatches(true, s, HttpHeaderValues.CHUNKED, 0, 7);
  }
}

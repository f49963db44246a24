package io.tern.codec.http;

import io.tern.codec.http.internal.HeaderChecks;
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

  /**
   * The fields of a head that the codecs act on, seen while parsing it: the framing fields, and
   * what a request's {@code Host}, {@code Connection} and {@code Upgrade} fields say, so that no
   * header map is needed to decide framing, keep-alive or an upgrade.
   */
  static final class Framing {
    /** {@code close} is among the {@code Connection} options. */
    static final int CONNECTION_CLOSE = 1;

    /** {@code keep-alive} is among the {@code Connection} options. */
    static final int CONNECTION_KEEP_ALIVE = 2;

    /** {@code upgrade} is among the {@code Connection} options. */
    static final int CONNECTION_UPGRADE = 4;

    /** An {@code Upgrade} field is present. */
    static final int UPGRADE_FIELD = 8;

    long contentLength = -1;
    AsciiString transferEncoding;
    int hosts;
    int facts;

    /** Forgets the previous head's fields, so one instance serves a connection's heads. */
    Framing reset() {
      contentLength = -1;
      transferEncoding = null;
      hosts = 0;
      facts = 0;
      return this;
    }

    private void connection(AsciiString value) {
      if (HeaderChecks.containsElement(value, HttpHeaderValues.CLOSE, true)) {
        facts |= CONNECTION_CLOSE;
      }
      if (HeaderChecks.containsElement(value, HttpHeaderValues.KEEP_ALIVE, true)) {
        facts |= CONNECTION_KEEP_ALIVE;
      }
      if (HeaderChecks.containsElement(value, HttpHeaderValues.UPGRADE, true)) {
        facts |= CONNECTION_UPGRADE;
      }
    }
  }

  /**
   * Parses the field lines {@code ends[firstLine..emptyLine)} of a section into {@code headers}, or
   * only checks them when {@code headers} is {@code null} (a request builds its headers from the
   * checked bytes on demand, with {@link #build}). Either way every line is checked here, so an
   * invalid field fails the head at the same point.
   *
   * @param b the section's bytes
   * @param ends the offsets of the section's line feeds
   * @param start the offset of the first field line
   * @param headers where the fields go, or {@code null} to check them only
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
      AsciiString known = KnownHeaderNames.lookup(b, lineStart, nameLength);
      if (framing != null && known != null) {
        record(known, b, vs, ve, framing);
      }
      if (headers != null) {
        headers.addTrusted(
            known != null ? known : new AsciiString(b, lineStart, nameLength, false),
            value(b, vs, ve));
      }
      lineStart = ends[l] + 1;
    }
  }

  private static AsciiString value(byte[] b, int vs, int ve) {
    return ve == vs ? AsciiString.EMPTY_STRING : new AsciiString(b, vs, ve - vs, false);
  }

  /** Notes a field the codecs act on; checks that framing fields are not repeated. */
  private static void record(AsciiString name, byte[] b, int vs, int ve, Framing framing) {
    if (name == HttpHeaderNames.CONTENT_LENGTH) {
      if (framing.contentLength >= 0) {
        throw new InvalidHttpMessageException("more than one Content-Length");
      }
      framing.contentLength = parseContentLength(b, vs, ve);
    } else if (name == HttpHeaderNames.TRANSFER_ENCODING) {
      if (framing.transferEncoding != null) {
        throw new InvalidHttpMessageException("more than one Transfer-Encoding");
      }
      framing.transferEncoding = value(b, vs, ve);
    } else if (name == HttpHeaderNames.HOST) {
      framing.hosts++;
    } else if (name == HttpHeaderNames.CONNECTION) {
      framing.connection(value(b, vs, ve));
    } else if (name == HttpHeaderNames.UPGRADE) {
      framing.facts |= Framing.UPGRADE_FIELD;
    }
  }

  /**
   * Appends {@code count} field lines starting at {@code start}, which {@link #parse} has checked,
   * to {@code headers}: the names and values {@link #parse} would have added, in the same order.
   * Checked lines hold no CR, LF or NUL before their CRLF, so each line ends at the next LF.
   *
   * @param b the section's bytes
   * @param start the offset of the first field line
   * @param count the number of field lines
   * @param headers where the fields go
   */
  static void build(byte[] b, int start, int count, HttpHeaders headers) {
    int lineStart = start;
    for (int l = 0; l < count; l++) {
      int lf = lineStart;
      while (b[lf] != '\n') {
        lf++;
      }
      int colon = lineStart;
      while (b[colon] != ':') {
        colon++;
      }
      int vs = colon + 1;
      int lineEnd = lf - 1;
      while (vs < lineEnd && (b[vs] == ' ' || b[vs] == '\t')) {
        vs++;
      }
      int ve = lineEnd;
      while (ve > vs && (b[ve - 1] == ' ' || b[ve - 1] == '\t')) {
        ve--;
      }
      int nameLength = colon - lineStart;
      AsciiString name = KnownHeaderNames.lookup(b, lineStart, nameLength);
      headers.addTrusted(
          name != null ? name : new AsciiString(b, lineStart, nameLength, false), value(b, vs, ve));
      lineStart = lf + 1;
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

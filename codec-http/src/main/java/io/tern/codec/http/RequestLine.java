package io.tern.codec.http;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.internal.HttpChars;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The request line ({@code method SP request-target SP HTTP-version}, single spaces, a token
 * method, a target of visible ASCII characters in one of the {@link RequestTarget} forms, the
 * version {@code HTTP/1.1} or {@code HTTP/1.0}) and the {@code Host} rule: an HTTP/1.1 request
 * carries exactly one, an HTTP/1.0 request at most one. A request without framing fields has no
 * content.
 *
 * <p>It remembers the last target it parsed: a connection's requests mostly repeat a few targets (a
 * pipelined batch is often one target sixteen times), and a request whose method and target bytes
 * equal the previous request's gets the same {@link RequestTarget} (an immutable value) and so the
 * same {@code uri} string, instead of a new string and target per request. Targets up to {@value
 * #MAX_REMEMBERED} bytes are remembered; the array holding them is made on the first request, so an
 * idle connection keeps none.
 *
 * <p>Threading: one instance per decoder, on the channel's event loop.
 */
final class RequestLine implements StartLine {
  /** The longest target remembered (the bytes are kept per connection). */
  private static final int MAX_REMEMBERED = 256;

  private static final byte[] NO_BYTES = new byte[0];

  private HttpMethod lastMethod;
  // lastTarget was parsed from lastBytes[0, lastLength), kept to compare the next target with
  private byte[] lastBytes = NO_BYTES;
  private int lastLength;
  private RequestTarget lastTarget;

  /** Creates the request line parser of one decoder. */
  RequestLine() {}

  @Override
  public HttpMessage parse(
      byte[] b, int start, int end, HttpHeaders.Validation validation, int fieldCount) {
    int sp1 = start;
    while (sp1 < end && b[sp1] != ' ') {
      if (!HttpChars.isTokenByte(b[sp1])) {
        throw new InvalidHttpMessageException("invalid byte in the method");
      }
      sp1++;
    }
    if (sp1 == start || sp1 == end) {
      throw new InvalidHttpMessageException("malformed request line");
    }
    int targetStart = sp1 + 1;
    int sp2 = targetStart;
    while (sp2 < end && b[sp2] != ' ') {
      byte c = b[sp2];
      if (c <= 0x20 || c >= 0x7F) {
        throw new InvalidHttpMessageException(
            "invalid byte 0x" + Integer.toHexString(c & 0xFF) + " in the request target");
      }
      sp2++;
    }
    if (sp2 == targetStart || sp2 == end) {
      throw new InvalidHttpMessageException("malformed request line");
    }
    HttpVersion version = HttpVersions.parse(b, sp2 + 1, end);
    HttpMethod method = methodOf(b, start, sp1);
    return new DecodedHttpRequest(
        version, method, targetOf(method, b, targetStart, sp2), b, validation);
  }

  /** The target of {@code b[start, end)}: the previous one if method and bytes are the same. */
  private RequestTarget targetOf(HttpMethod method, byte[] b, int start, int end) {
    RequestTarget last = lastTarget;
    if (last != null
        && method == lastMethod
        && Arrays.equals(lastBytes, 0, lastLength, b, start, end)) {
      return last;
    }
    int length = end - start;
    String uri = new String(b, start, length, StandardCharsets.ISO_8859_1);
    RequestTarget target = RequestTarget.ofRequestLine(method, uri);
    if (length > MAX_REMEMBERED) {
      lastTarget = null; // a long target is rarely repeated: not worth keeping its bytes
      return target;
    }
    if (length > lastBytes.length) {
      lastBytes = new byte[Math.min(Math.max(length, 32), MAX_REMEMBERED)];
    }
    System.arraycopy(b, start, lastBytes, 0, length);
    lastLength = length;
    lastMethod = method;
    lastTarget = target;
    return target;
  }

  private static HttpMethod methodOf(byte[] b, int start, int end) {
    HttpMethod known =
        switch (end - start) {
          case 3 -> b[start] == 'G' ? HttpMethod.GET : HttpMethod.PUT;
          case 4 -> b[start] == 'P' ? HttpMethod.POST : HttpMethod.HEAD;
          case 5 -> b[start] == 'P' ? HttpMethod.PATCH : HttpMethod.TRACE;
          case 6 -> HttpMethod.DELETE;
          case 7 -> b[start] == 'O' ? HttpMethod.OPTIONS : HttpMethod.CONNECT;
          default -> null;
        };
    if (known != null && HttpVersions.equals(known.asciiName(), b, start, end)) {
      return known;
    }
    return new HttpMethod(new String(b, start, end - start, StandardCharsets.ISO_8859_1));
  }

  @Override
  public void validate(HttpMessage msg, HttpFieldParser.Framing fields) {
    int hosts = fields.hosts;
    if (hosts > 1 || (hosts == 0 && msg.protocolVersion().equals(HttpVersion.HTTP_1_1))) {
      throw new InvalidHttpMessageException(
          hosts == 0 ? "an HTTP/1.1 request without Host" : "more than one Host field");
    }
  }

  @Override
  public HttpMessage invalidMessage() {
    return new DefaultFullHttpRequest(
        HttpVersion.HTTP_1_0, HttpMethod.GET, "/bad-request", Unpooled.buffer(0));
  }

  @Override
  public boolean contentUntilClose() {
    return false;
  }
}

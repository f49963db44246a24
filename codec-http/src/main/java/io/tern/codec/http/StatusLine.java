package io.tern.codec.http;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.internal.HttpChars;
import java.nio.charset.StandardCharsets;

/**
 * The status line ({@code HTTP-version SP 3DIGIT [SP reason-phrase]}); a response without framing
 * fields has content up to the end of the connection. Statuses and reason phrases that match the
 * {@link HttpResponseStatus} constants are those constants.
 *
 * <p>Threading: stateless; one shared instance.
 */
final class StatusLine implements StartLine {
  static final StatusLine INSTANCE = new StatusLine();

  private static final HttpResponseStatus UNKNOWN = new HttpResponseStatus(999, "Unknown");

  private StatusLine() {}

  @Override
  public HttpMessage parse(
      byte[] b, int start, int end, HttpHeaders.Validation validation, int fieldCount) {
    if (end - start < 12 || b[start + 8] != ' ') {
      throw new InvalidHttpMessageException("malformed status line");
    }
    HttpVersion version = HttpVersions.parse(b, start, start + 8);
    int code = 0;
    for (int i = start + 9; i < start + 12; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        throw new InvalidHttpMessageException("malformed status code");
      }
      code = code * 10 + d;
    }
    if (code < 100) {
      throw new InvalidHttpMessageException("status code below 100");
    }
    HttpResponseStatus status;
    if (end == start + 12) {
      status = HttpResponseStatus.valueOf(code);
    } else {
      if (b[start + 12] != ' ') {
        throw new InvalidHttpMessageException("malformed status line");
      }
      int rs = start + 13;
      for (int i = rs; i < end; i++) {
        if (!HttpChars.isFieldValueByte(b[i])) {
          throw new InvalidHttpMessageException("invalid byte in the reason phrase");
        }
      }
      HttpResponseStatus known = HttpResponseStatus.valueOf(code);
      status =
          HttpVersions.equals(known.asciiReasonPhrase(), b, rs, end)
              ? known
              : new HttpResponseStatus(
                  code, new String(b, rs, end - rs, StandardCharsets.ISO_8859_1));
    }
    HttpHeaders headers = HttpHeaders.create(validation);
    headers.reserve(fieldCount); // no regrowth while the fields are added
    return new DefaultHttpResponse(version, status, headers);
  }

  @Override
  public void validate(HttpMessage head, HttpFieldParser.Framing fields) {}

  @Override
  public HttpMessage invalidMessage() {
    return new DefaultFullHttpResponse(HttpVersion.HTTP_1_0, UNKNOWN, Unpooled.buffer(0));
  }

  @Override
  public boolean contentUntilClose() {
    return true;
  }
}

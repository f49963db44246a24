package io.tern.codec.http;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.internal.HttpChars;
import java.nio.charset.StandardCharsets;

/**
 * Decodes HTTP/1.1 responses: each becomes an {@link HttpResponse} followed by its content (see
 * {@link HttpObjectDecoder} for parsing, strictness and failure).
 *
 * <p>The status line must be {@code HTTP-version SP 3DIGIT [SP reason-phrase]}. {@code 1xx}, {@code
 * 204} and {@code 304} responses have no content; a response without {@code Content-Length} or
 * {@code Transfer-Encoding} has content up to the end of the connection. After {@code 101 Switching
 * Protocols} the following bytes are passed on as they are. On its own the decoder does not know
 * which responses answer {@code HEAD} or {@code CONNECT}; {@link HttpClientCodec} does.
 *
 * <p>Threading: the channel's event loop; one instance per channel.
 */
public class HttpResponseDecoder extends HttpObjectDecoder {
  private static final HttpResponseStatus UNKNOWN = new HttpResponseStatus(999, "Unknown");

  /** Creates a decoder with {@link HttpDecoderConfig#DEFAULT}. */
  public HttpResponseDecoder() {
    this(HttpDecoderConfig.DEFAULT);
  }

  /**
   * Creates a decoder.
   *
   * @param config the limits
   */
  public HttpResponseDecoder(HttpDecoderConfig config) {
    super(config);
  }

  @Override
  protected HttpMessage parseInitialLine(byte[] b, int start, int end, HttpHeaders headers) {
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
    return new DefaultHttpResponse(version, status, headers);
  }

  @Override
  protected boolean isContentAlwaysEmpty(HttpMessage msg) {
    int code = ((HttpResponse) msg).status().code();
    return (code >= 100 && code < 200) || code == 204 || code == 304;
  }

  @Override
  protected boolean isSwitchingToNonHttp(HttpMessage msg) {
    return ((HttpResponse) msg).status().code() == 101;
  }

  @Override
  protected HttpMessage invalidMessage() {
    return new DefaultFullHttpResponse(HttpVersion.HTTP_1_0, UNKNOWN, Unpooled.buffer(0));
  }

  @Override
  protected boolean contentUntilClose() {
    return true;
  }
}

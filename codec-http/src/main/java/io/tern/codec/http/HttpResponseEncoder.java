package io.tern.codec.http;

import io.tern.buffer.ByteBuf;

/**
 * Encodes {@link HttpResponse}s and their content (see {@link HttpObjectEncoder}).
 *
 * <p>{@code 1xx}, {@code 204} and {@code 304} responses never carry content; for {@code 1xx} and
 * {@code 204} the {@code Content-Length} and {@code Transfer-Encoding} fields are removed. On its
 * own the encoder does not know which responses answer {@code HEAD}; {@link HttpServerCodec} does,
 * and then writes the head only.
 *
 * <p>Threading: the channel's event loop; one instance per channel.
 */
public class HttpResponseEncoder extends HttpObjectEncoder<HttpResponse> {
  /** Creates an encoder. */
  public HttpResponseEncoder() {
    super(HttpResponse.class);
  }

  @Override
  protected void encodeInitialLine(ByteBuf buf, HttpResponse response) {
    writeAscii(buf, response.protocolVersion().asciiText());
    buf.writeByte(' ');
    writeAscii(buf, response.status().codeAndReason());
    buf.writeShort(('\r' << 8) | '\n');
  }

  @Override
  protected boolean isContentAlwaysEmpty(HttpResponse response) {
    int code = response.status().code();
    return (code >= 100 && code < 200) || code == 204 || code == 304;
  }

  @Override
  protected void sanitizeHeaders(HttpResponse response, boolean contentAlwaysEmpty) {
    int code = response.status().code();
    if ((code >= 100 && code < 200) || code == 204) {
      response.headers().remove(HttpHeaderNames.CONTENT_LENGTH);
      response.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
    }
  }
}

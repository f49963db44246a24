package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.common.AsciiString;

/**
 * Encodes {@link HttpResponse}s and their content (see {@link HttpObjectEncoder}).
 *
 * <p>{@code 1xx}, {@code 204} and {@code 304} responses never carry content; for {@code 1xx} and
 * {@code 204} the {@code Content-Length} and {@code Transfer-Encoding} fields are removed. On its
 * own the encoder does not know which responses answer {@code HEAD}; {@link HttpServerCodec} does,
 * and then writes the head only.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * As for {@link HttpObjectEncoder}: each message is released once encoded; the buffers produced
 * belong to the next handler.
 */
public final class HttpResponseEncoder extends HttpObjectEncoder<HttpResponse> {
  /** Creates an encoder. */
  public HttpResponseEncoder() {}

  @Override
  HttpResponse head(HttpMessage message) {
    return (HttpResponse) message;
  }

  @Override
  void encodeInitialLine(ByteBuf buf, HttpResponse response) {
    writeAscii(buf, response.protocolVersion().asciiText());
    buf.writeByte(' ');
    writeAscii(buf, response.status().codeAndReason());
    buf.writeShort(('\r' << 8) | '\n');
  }

  @Override
  int initialLine(byte[] a, int p, HttpResponse response) {
    AsciiString version = response.protocolVersion().asciiText();
    AsciiString status = response.status().codeAndReason();
    int vl = version.length();
    int sl = status.length();
    if (p + vl + sl + 3 > a.length) {
      return -1;
    }
    System.arraycopy(version.array(), version.arrayOffset(), a, p, vl);
    p += vl;
    a[p++] = ' ';
    System.arraycopy(status.array(), status.arrayOffset(), a, p, sl);
    p += sl;
    a[p++] = '\r';
    a[p++] = '\n';
    return p;
  }

  @Override
  boolean isContentAlwaysEmpty(HttpResponse response) {
    int code = response.status().code();
    return (code >= 100 && code < 200) || code == 204 || code == 304;
  }

  @Override
  void sanitizeHeaders(HttpResponse response) {
    int code = response.status().code();
    if ((code >= 100 && code < 200) || code == 204) {
      response.headers().remove(HttpHeaderNames.CONTENT_LENGTH);
      response.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
    }
  }
}

package io.tern.codec.http;

import io.tern.buffer.ByteBuf;

/**
 * Encodes {@link HttpRequest}s and their content (see {@link HttpObjectEncoder}). An empty request
 * target is written as {@code /}.
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
public final class HttpRequestEncoder extends HttpObjectEncoder<HttpRequest> {
  private static final int SP = ' ';

  /** Creates an encoder. */
  public HttpRequestEncoder() {}

  @Override
  HttpRequest head(HttpMessage message) {
    return (HttpRequest) message;
  }

  @Override
  void encodeInitialLine(ByteBuf buf, HttpRequest request) {
    writeAscii(buf, request.method().asciiName());
    buf.writeByte(SP);
    String uri = request.uri();
    writeAscii(buf, uri.isEmpty() ? "/" : uri);
    buf.writeByte(SP);
    writeAscii(buf, request.protocolVersion().asciiText());
    buf.writeShort(('\r' << 8) | '\n');
  }

  @Override
  boolean isContentAlwaysEmpty(HttpRequest request) {
    return false;
  }

  @Override
  void sanitizeHeaders(HttpRequest request) {}
}

package io.tern.examples.http;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpDateCache;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpVersion;
import io.tern.common.AsciiString;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;

/**
 * Answers TechEmpower's two simplest tests: {@code GET /plaintext} (and {@code /}) with {@code
 * Hello, World!}, {@code GET /json} with {@code {"message":"Hello, World!"}}; anything else {@code
 * 404}. It answers as soon as a request's head arrives and drops any content; responses are written
 * as requests arrive and flushed once per read, so a pipelined batch leaves in one write (of one
 * buffer: the codec batches void-promise writes).
 *
 * <p>Stateless: one instance is shared by every connection; its callbacks run on each channel's
 * event loop. It releases every message it reads; the responses it writes belong to the pipeline.
 */
public final class HttpHelloHandler implements ChannelHandler {
  private static final byte[] PLAINTEXT = "Hello, World!".getBytes(StandardCharsets.US_ASCII);
  private static final AsciiString SERVER = AsciiString.cached("tern");

  /** Creates the handler. */
  public HttpHelloHandler() {}

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpRequest request) {
        // Nobody waits for the write: the void promise saves a promise per response, and a
        // failure still reaches exceptionCaught (which closes).
        // Routed on the normalised path: /plaintext?x=1 and http://host/plaintext are /plaintext.
        ctx.write(respond(request.target().path()), ctx.voidPromise());
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }

  static FullHttpResponse respond(String path) {
    return switch (path) {
      case "/", "/plaintext" -> ok(PLAINTEXT, HttpHeaderValues.TEXT_PLAIN);
      case "/json" -> ok(json(), HttpHeaderValues.APPLICATION_JSON);
      default -> {
        FullHttpResponse notFound =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_FOUND, Unpooled.EMPTY_BUFFER);
        notFound.headers().set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO);
        yield notFound;
      }
    };
  }

  /** Encodes the JSON body per request, as the TechEmpower rules ask. */
  private static byte[] json() {
    return "{\"message\":\"Hello, World!\"}".getBytes(StandardCharsets.UTF_8);
  }

  private static FullHttpResponse ok(byte[] body, AsciiString contentType) {
    FullHttpResponse response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(body));
    HttpHeaders headers = response.headers();
    headers.set(HttpHeaderNames.CONTENT_TYPE, contentType);
    headers.set(HttpHeaderNames.SERVER, SERVER);
    headers.set(HttpHeaderNames.DATE, HttpDateCache.system().currentDate());
    headers.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
    return response;
  }
}

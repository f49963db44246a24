package io.tern.benchmarks.load.tern;

import io.tern.benchmarks.load.common.JsonMessage;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpDateCache;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.common.AsciiString;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;

/**
 * The twin of Netty's {@code HelloWorldHandler} in the load harness: TechEmpower's plaintext and
 * JSON tests, routed on the request's normalised path (so {@code /plaintext?x=1} is {@code
 * /plaintext}; Netty's twin switches on the raw URI) ({@code /plaintext} answers {@code Hello,
 * World!}, {@code /json} answers {@code {"message":"Hello, World!"}}, a {@link JsonMessage}
 * serialized per request as the twin does, anything else 404). Responses are written as requests
 * arrive with the void promise (as Netty's twin does; failures reach {@code exceptionCaught}, which
 * closes) and flushed once per read, so a pipelined batch leaves in one write of one buffer.
 *
 * <p>Stateless: shared by every connection, called on each channel's event loop; releases what it
 * reads.
 */
final class HelloWorldHandler implements ChannelHandler {
  private static final byte[] PLAINTEXT = JsonMessage.HELLO.getBytes(StandardCharsets.US_ASCII);
  private static final AsciiString SERVER = AsciiString.cached("tern");
  private static final AsciiString PLAINTEXT_LENGTH =
      AsciiString.cached(Integer.toString(PLAINTEXT.length));

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpRequest request) {
        FullHttpResponse response =
            switch (request.target().path()) {
              case "/plaintext" ->
                  response(PLAINTEXT, HttpHeaderValues.TEXT_PLAIN, PLAINTEXT_LENGTH);
              case "/json" -> {
                byte[] json = new JsonMessage(JsonMessage.HELLO).toJson();
                yield response(
                    json,
                    HttpHeaderValues.APPLICATION_JSON,
                    AsciiString.of(Integer.toString(json.length)));
              }
              default -> {
                FullHttpResponse notFound =
                    new DefaultFullHttpResponse(
                        HttpVersion.HTTP_1_1,
                        HttpResponseStatus.NOT_FOUND,
                        Unpooled.EMPTY_BUFFER,
                        HttpHeaders.create(HttpHeaders.Validation.NONE),
                        HttpHeaders.newTrailers(HttpHeaders.Validation.NONE));
                notFound.headers().set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO);
                yield notFound;
              }
            };
        if (HttpUtil.isKeepAlive(request)) {
          ctx.write(response, ctx.voidPromise());
        } else {
          ctx.writeAndFlush(response).addListener(f -> ctx.close());
        }
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

  private static FullHttpResponse response(
      byte[] body, AsciiString contentType, AsciiString length) {
    FullHttpResponse response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.OK,
            Unpooled.wrappedBuffer(body),
            HttpHeaders.create(HttpHeaders.Validation.NONE),
            HttpHeaders.newTrailers(HttpHeaders.Validation.NONE));
    HttpHeaders headers = response.headers();
    headers.set(HttpHeaderNames.CONTENT_TYPE, contentType);
    headers.set(HttpHeaderNames.SERVER, SERVER);
    headers.set(HttpHeaderNames.DATE, HttpDateCache.system().currentDate());
    headers.set(HttpHeaderNames.CONTENT_LENGTH, length);
    return response;
  }
}

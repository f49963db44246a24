package io.tern.benchmarks.load.netty;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import io.tern.benchmarks.load.common.JsonMessage;
import java.nio.charset.StandardCharsets;

/**
 * TechEmpower's plaintext and JSON tests: {@code /plaintext} answers {@code Hello, World!}, {@code
 * /json} answers {@code {"message":"Hello, World!"}} (a {@link JsonMessage} serialized per request,
 * as Tern's twin does), anything else 404. Responses are written as requests arrive and flushed
 * once per read, so a pipelined batch leaves in one write. Stateless and {@link
 * ChannelHandler.Sharable}: one instance serves every connection, as Tern's twin does.
 */
// Write failures reach exceptionCaught through the void promise; nothing waits on them.
@SuppressWarnings("FutureReturnValueIgnored")
@ChannelHandler.Sharable
final class HelloWorldHandler extends ChannelInboundHandlerAdapter {
  private static final byte[] PLAINTEXT = JsonMessage.HELLO.getBytes(StandardCharsets.US_ASCII);
  private static final AsciiString SERVER = AsciiString.cached("netty");
  private static final AsciiString PLAINTEXT_LENGTH =
      AsciiString.cached(Integer.toString(PLAINTEXT.length));
  private static final HttpHeadersFactory HEADERS =
      DefaultHttpHeadersFactory.headersFactory().withValidation(false);
  private static final HttpHeadersFactory TRAILERS =
      DefaultHttpHeadersFactory.trailersFactory().withValidation(false);

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpRequest request) {
        FullHttpResponse response =
            switch (request.uri()) {
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
                        HEADERS,
                        TRAILERS);
                notFound.headers().set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO);
                yield notFound;
              }
            };
        if (HttpUtil.isKeepAlive(request)) {
          ctx.write(response, ctx.voidPromise());
        } else {
          ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
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
            HEADERS,
            TRAILERS);
    HttpHeaders headers = response.headers();
    headers.set(HttpHeaderNames.CONTENT_TYPE, contentType);
    headers.set(HttpHeaderNames.SERVER, SERVER);
    headers.set(HttpHeaderNames.DATE, NettyHttpDate.current());
    headers.set(HttpHeaderNames.CONTENT_LENGTH, length);
    return response;
  }
}

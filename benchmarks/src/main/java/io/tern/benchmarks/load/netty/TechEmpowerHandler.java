package io.tern.benchmarks.load.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import io.tern.benchmarks.load.common.JsonMessage;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The handler of {@link TechEmpowerServer}, in the shape of Netty's TechEmpower entry: the
 * decoder's {@code DefaultHttpRequest} and empty last content take a fast path by class, responses
 * are written with the void promise as requests arrive and flushed once per read, the {@code Date}
 * value is a field a scheduled task refreshes every second. {@code /json} serializes a {@link
 * JsonMessage} per request, as Tern's server does. Stateless per connection and {@link
 * ChannelHandler.Sharable}.
 */
// Write failures reach exceptionCaught through the void promise; nothing waits on them.
@SuppressWarnings("FutureReturnValueIgnored")
@ChannelHandler.Sharable
final class TechEmpowerHandler extends ChannelInboundHandlerAdapter {
  private static final byte[] PLAINTEXT = JsonMessage.HELLO.getBytes(StandardCharsets.US_ASCII);
  private static final AsciiString SERVER = AsciiString.cached("netty");
  private static final AsciiString PLAINTEXT_LENGTH =
      AsciiString.cached(Integer.toString(PLAINTEXT.length));
  private static final HttpHeadersFactory HEADERS =
      DefaultHttpHeadersFactory.headersFactory().withValidation(false);

  private final AtomicBoolean dateTaskStarted = new AtomicBoolean();
  private volatile AsciiString date = NettyHttpDate.current();

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    if (dateTaskStarted.compareAndSet(false, true)) {
      ctx.channel()
          .eventLoop()
          .scheduleAtFixedRate(() -> date = NettyHttpDate.current(), 1, 1, TimeUnit.SECONDS);
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg == LastHttpContent.EMPTY_LAST_CONTENT) {
      return;
    }
    if (msg.getClass() == DefaultHttpRequest.class) {
      process(ctx, (HttpRequest) msg);
      return;
    }
    try {
      if (msg instanceof HttpRequest request) {
        process(ctx, request);
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  // EMPTY_HEADERS is deprecated, but it is what TechEmpower's entry passes as the trailers: no
  // trailer object per response.
  @SuppressWarnings("deprecation")
  private void process(ChannelHandlerContext ctx, HttpRequest request) {
    switch (request.uri()) {
      case "/plaintext" ->
          ctx.write(
              response(
                  Unpooled.wrappedBuffer(PLAINTEXT), HttpHeaderValues.TEXT_PLAIN, PLAINTEXT_LENGTH),
              ctx.voidPromise());
      case "/json" -> {
        byte[] json = new JsonMessage(JsonMessage.HELLO).toJson();
        ctx.write(
            response(
                Unpooled.wrappedBuffer(json),
                HttpHeaderValues.APPLICATION_JSON,
                AsciiString.of(Integer.toString(json.length))),
            ctx.voidPromise());
      }
      default -> {
        ctx.flush();
        FullHttpResponse notFound =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1,
                HttpResponseStatus.NOT_FOUND,
                Unpooled.EMPTY_BUFFER,
                HEADERS.newHeaders().set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO),
                HttpHeaders.EMPTY_HEADERS);
        ctx.writeAndFlush(notFound).addListener(ChannelFutureListener.CLOSE);
      }
    }
  }

  @SuppressWarnings("deprecation") // EMPTY_HEADERS, as in process
  private FullHttpResponse response(ByteBuf body, AsciiString contentType, AsciiString length) {
    HttpHeaders headers =
        HEADERS
            .newHeaders()
            .set(HttpHeaderNames.CONTENT_TYPE, contentType)
            .set(HttpHeaderNames.SERVER, SERVER)
            .set(HttpHeaderNames.DATE, date)
            .set(HttpHeaderNames.CONTENT_LENGTH, length);
    return new DefaultFullHttpResponse(
        HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body, headers, HttpHeaders.EMPTY_HEADERS);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}

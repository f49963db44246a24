package io.tern.examples.gettingstarted;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.SimpleChannelInboundHandler;
import java.nio.charset.StandardCharsets;

/**
 * Answers every HTTP request with {@code Hello, <path>!} in plain text.
 *
 * <h2>Threading</h2>
 *
 * <p>Stateless: one instance may serve every connection; its callbacks run on each channel's event
 * loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>{@link SimpleChannelInboundHandler} releases each request after {@link #channelRead0}; the
 * response written belongs to the pipeline, which releases it once sent.
 */
public final class HelloHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  /** Creates the handler. */
  public HelloHandler() {
    super(FullHttpRequest.class);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    String text = "Hello, " + request.target().path() + "!\n";
    ByteBuf body = Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
    FullHttpResponse response =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
    HttpUtil.setContentLength(response, body.readableBytes());
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    HttpUtil.setKeepAlive(response, keepAlive);
    var written = ctx.writeAndFlush(response);
    if (!keepAlive) {
      written.addListener(f -> ctx.close());
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close(); // a malformed request or a reset connection: nothing left to answer
  }
}

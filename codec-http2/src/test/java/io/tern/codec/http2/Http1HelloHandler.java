package io.tern.codec.http2;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.LastHttpContent;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The test servers' HTTP/1.1 application behind an {@code HttpServerCodec}: answers every request
 * with {@code 200} and "hello 1 " followed by the request's target, and records the targets.
 */
final class Http1HelloHandler implements ChannelHandler {
  final List<String> paths = new ArrayList<>();
  private String path;

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpRequest r) {
        path = r.uri();
        paths.add(path);
      }
      if (msg instanceof LastHttpContent) {
        byte[] body = ("hello 1 " + path).getBytes(StandardCharsets.US_ASCII);
        DefaultFullHttpResponse res =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(body));
        res.headers().set(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(body.length));
        ctx.writeAndFlush(res);
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }
}

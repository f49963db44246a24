package io.tern.codec.http2;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;

/**
 * The test servers' application behind an {@link Http2FrameCodec}: answers each request, once it
 * has ended, with {@code 200} and "Hello, World!" (a request body is read and dropped).
 */
final class HelloHandler implements ChannelHandler {
  static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.US_ASCII);

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof Http2HeadersFrame h && h.endStream()) {
        respond(ctx, h.streamId());
      } else if (msg instanceof Http2DataFrame d && d.endStream()) {
        respond(ctx, d.streamId());
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  private static void respond(ChannelHandlerContext ctx, int streamId) {
    Http2Headers headers =
        new Http2Headers()
            .status("200")
            .add("content-type", "text/plain")
            .add("content-length", Integer.toString(HELLO.length));
    ctx.write(new Http2HeadersFrame(streamId, headers, false));
    ByteBuf body = Unpooled.wrappedBuffer(HELLO);
    ctx.write(new Http2DataFrame(streamId, body, true));
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }
}

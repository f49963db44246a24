package io.tern.codec.http2;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;

/**
 * A stream channel's handler for tests: collects the request's content and, once the request has
 * ended, answers {@code 200} with "stream N: " followed by that content. One instance per stream.
 */
final class EchoStreamHandler implements ChannelHandler {
  private ByteBuf body;

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    body = ctx.alloc().buffer();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    body.release();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      boolean ended = false;
      if (msg instanceof Http2HeadersFrame h) {
        ended = h.endStream();
      } else if (msg instanceof Http2DataFrame d) {
        body.writeBytes(d.content());
        ended = d.endStream();
      }
      if (ended) {
        Http2StreamChannel ch = (Http2StreamChannel) ctx.channel();
        ctx.write(new Http2HeadersFrame(new Http2Headers().status("200"), false));
        ByteBuf out = ctx.alloc().buffer();
        out.writeCharSequence("stream " + ch.streamId() + ": ", StandardCharsets.US_ASCII);
        out.writeBytes(body);
        ctx.writeAndFlush(new Http2DataFrame(out, true));
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }
}

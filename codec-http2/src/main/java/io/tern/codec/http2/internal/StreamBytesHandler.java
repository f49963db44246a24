package io.tern.codec.http2.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.Http2DataFrame;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Turns a stream channel into a byte stream for the handlers after it: the content of each {@code
 * DATA} frame read is passed on as a {@link ByteBuf}, each {@link ByteBuf} written becomes a {@code
 * DATA} frame. Closing ends the stream with an empty {@code DATA} frame carrying {@code END_STREAM}
 * (the channel closes when the peer has ended its side as well); a second close resets the stream.
 *
 * <p>One instance per stream channel, on its event loop.
 */
final class StreamBytesHandler implements ChannelHandler {
  private boolean endSent;

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof Http2DataFrame d) {
      ByteBuf content = d.content();
      if (content.isReadable()) {
        ctx.fireChannelRead(content);
      } else {
        content.release();
      }
    } else if (!(msg instanceof Http2HeadersFrame)) { // trailers carry nothing for a byte stream
      ctx.fireChannelRead(msg);
    }
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    if (msg instanceof ByteBuf b) {
      ctx.write(new Http2DataFrame(b, false), promise);
    } else {
      ctx.write(msg, promise);
    }
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) {
    if (endSent || !ctx.channel().isActive()) {
      ctx.close(promise);
      return;
    }
    endSent = true;
    ctx.writeAndFlush(new Http2DataFrame(Unpooled.EMPTY_BUFFER, true));
    ctx.channel().closeFuture().addListener(f -> promise.trySuccess(null));
  }
}

package io.tern.examples.socks;

import io.tern.buffer.Unpooled;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Copies what one channel reads to another and closes the other when this one closes; two of them,
 * one per direction, form the relay. Backpressure: when the other side stops being writable this
 * side stops reading, and reads again once the other side has drained.
 */
final class RelayHandler implements ChannelHandler {
  private final Channel other;

  RelayHandler(Channel other) {
    this.other = other;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    other.writeAndFlush(msg);
    if (!other.isWritable()) {
      ctx.channel().config().autoRead(false);
    }
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    if (ctx.channel().isWritable()) {
      other.config().autoRead(true);
    }
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    closeOnFlush(other);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    closeOnFlush(ctx.channel());
  }

  static void closeOnFlush(Channel ch) {
    if (ch.isActive()) {
      ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(f -> ch.close());
    }
  }
}

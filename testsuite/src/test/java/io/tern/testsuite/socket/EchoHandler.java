package io.tern.testsuite.socket;

import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;

/** Writes back what it reads, flushing after each read batch. Stateless: share it. */
public final class EchoHandler implements ChannelHandler {
  /** Creates the handler. */
  public EchoHandler() {}

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ctx.write(msg);
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

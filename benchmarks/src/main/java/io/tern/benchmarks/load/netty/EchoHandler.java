package io.tern.benchmarks.load.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Writes back every buffer it reads; flushes once per read. Stateless and {@link
 * ChannelHandler.Sharable}: one instance serves every connection, as Tern's twin does.
 */
// Write failures reach exceptionCaught through the void promise; nothing waits on them.
@SuppressWarnings("FutureReturnValueIgnored")
@ChannelHandler.Sharable
final class EchoHandler extends ChannelInboundHandlerAdapter {
  /** The instance every connection shares. */
  static final EchoHandler INSTANCE = new EchoHandler();

  private EchoHandler() {}

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ctx.write(msg, ctx.voidPromise());
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

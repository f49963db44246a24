package io.tern.examples.echo;

import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Writes every buffer it reads back to the sender and flushes once per read loop, so a burst of
 * reads leaves in one gathering write.
 *
 * <p>Stateless: one instance may serve every channel. Runs on each channel's event loop. The
 * buffers read are passed on to {@code write}, which releases them once written.
 */
public final class EchoServerHandler implements ChannelHandler {
  /** Creates the handler. */
  public EchoServerHandler() {}

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
    System.err.println("echo-server: closing " + ctx.channel() + ": " + cause);
    ctx.close();
  }
}

package io.tern.benchmarks.load.tern;

import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Tern's echo server ({@code tern-echo} in the load harness), the twin of {@code NettyEchoServer}:
 * {@code TernEchoServer --port N [--transport nio|epoll|io_uring] [--threads N]}. Writes back every
 * buffer it reads and flushes once per read burst; one handler instance serves every connection, as
 * in the twin.
 */
public final class TernEchoServer {
  private TernEchoServer() {}

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws Exception if the server cannot bind
   */
  public static void main(String[] args) throws Exception {
    TernServer.serve("tern-echo", TernServer.Args.parse(args), new Echo());
  }

  /**
   * Writes back what it reads (with the void promise, as the twin); flushes once per read burst.
   * Stateless: shared by every connection.
   */
  private static final class Echo implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ctx.write(msg, ctx.voidPromise()); // as the Netty twin: nothing waits on an echo write
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
}

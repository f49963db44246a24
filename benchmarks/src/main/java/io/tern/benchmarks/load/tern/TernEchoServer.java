package io.tern.benchmarks.load.tern;

import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.linux.bootstrap.SocketTransport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Tern's echo server ({@code tern-echo} in the load harness), the twin of {@code NettyEchoServer}:
 * {@code TernEchoServer --port N [--transport nio|epoll|io_uring|native] [--threads N]}. Writes
 * back every buffer it reads and flushes once per read burst; one event-loop group accepts and
 * serves.
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
    int port = -1;
    String transportName = "nio";
    int threads = Runtime.getRuntime().availableProcessors();
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--port" -> port = Integer.parseInt(args[i + 1]);
        case "--transport" -> transportName = args[i + 1];
        case "--threads" -> threads = Integer.parseInt(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("give --port N (0-65535)");
    }
    SocketTransport transport = SocketTransport.of(transportName);
    EventLoopGroup group = new MultiThreadEventLoopGroup(threads, transport.ioHandlerFactory());
    try {
      Channel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(transport.serverChannelFactory())
              .option(ChannelOption.SO_BACKLOG, 8192)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(new Echo())
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
              .sync()
              .getNow();
      System.out.printf(
          "tern-echo listening on %s, transport %s, %d event-loop thread(s)%n",
          server.localAddress(), transport.name(), threads);
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
  }

  /**
   * Writes back what it reads (with the void promise, as the twin); flushes once per read burst.
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

package io.tern.benchmarks.load.netty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Binds a Netty server on 127.0.0.1 with the options TechEmpower's Netty entry uses, prints one
 * line when it listens, and serves until the process is killed. One event-loop group accepts and
 * serves.
 */
// The process is exiting when the group shuts down: nothing waits on that future.
@SuppressWarnings("FutureReturnValueIgnored")
final class NettyServer {
  private NettyServer() {}

  static void serve(String name, ServerArgs args, Consumer<Channel> childPipeline)
      throws InterruptedException {
    EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(args.threads(), args.transport().ioHandlerFactory());
    try {
      Channel server =
          new ServerBootstrap()
              .group(group)
              .channel(args.transport().serverChannel())
              .option(ChannelOption.SO_BACKLOG, 8192)
              .option(ChannelOption.SO_REUSEADDR, true)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel channel) {
                      childPipeline.accept(channel);
                    }
                  })
              .bind("127.0.0.1", args.port())
              .sync()
              .channel();
      System.out.printf(
          "%s listening on %s, transport %s, %d event-loop thread(s)%n",
          name,
          server.localAddress(),
          args.transport().name().toLowerCase(Locale.ROOT),
          args.threads());
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully();
    }
  }
}

package io.tern.benchmarks.load.netty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringChannelOption;
import io.netty.util.ResourceLeakDetector;
import java.util.function.Consumer;

/**
 * Binds a Netty server on 127.0.0.1 with the options TechEmpower's Netty entry uses, prints one
 * line when it listens (the transport its server channel really is, and the leak detection level,
 * which the load harness checks), and serves until the process is killed. One event-loop group
 * accepts and serves.
 */
// The process is exiting when the group shuts down: nothing waits on that future.
@SuppressWarnings("FutureReturnValueIgnored")
final class NettyServer {
  /**
   * What a server changes from Netty's defaults.
   *
   * @param allocator the child channels' allocator, or null for Netty's default (adaptive in 4.2)
   * @param unboundedReadsPerLoop whether a channel reads until the socket is empty in one
   *     event-loop turn (TechEmpower's {@code MAX_MESSAGES_PER_READ = Integer.MAX_VALUE}) rather
   *     than Netty's default of 16 reads
   * @param ioUringBufferRing with io_uring: receive into a registered buffer ring (and so multishot
   *     receive, which Netty 4.2.18 uses when the kernel has it) instead of one buffer per receive
   */
  record Tuning(
      ByteBufAllocator allocator, boolean unboundedReadsPerLoop, boolean ioUringBufferRing) {
    /** Netty's defaults. */
    static final Tuning DEFAULTS = new Tuning(null, false, false);
  }

  private NettyServer() {}

  // MAX_MESSAGES_PER_READ is deprecated in favour of a RecvByteBufAllocator setting, but it is
  // what TechEmpower's Netty entry sets.
  @SuppressWarnings("deprecation")
  static void serve(String name, ServerArgs args, Tuning tuning, Consumer<Channel> childPipeline)
      throws InterruptedException {
    boolean bufferRing =
        tuning.ioUringBufferRing()
            && args.transport() == NettyTransport.IO_URING
            && IoUring.isRegisterBufferRingSupported();
    ByteBufAllocator allocator =
        tuning.allocator() != null ? tuning.allocator() : ByteBufAllocator.DEFAULT;
    EventLoopGroup group =
        new MultiThreadIoEventLoopGroup(
            args.threads(), args.transport().ioHandlerFactory(bufferRing ? allocator : null));
    try {
      ServerBootstrap bootstrap =
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
                  });
      if (tuning.allocator() != null) {
        bootstrap.childOption(ChannelOption.ALLOCATOR, tuning.allocator());
      }
      if (tuning.unboundedReadsPerLoop()) {
        bootstrap
            .option(ChannelOption.MAX_MESSAGES_PER_READ, Integer.MAX_VALUE)
            .childOption(ChannelOption.MAX_MESSAGES_PER_READ, Integer.MAX_VALUE);
      }
      if (bufferRing) {
        bootstrap.childOption(
            IoUringChannelOption.IO_URING_BUFFER_GROUP_ID, NettyTransport.BUFFER_GROUP_ID);
      }
      Channel server = bootstrap.bind("127.0.0.1", args.port()).sync().channel();
      System.out.printf(
          "%s listening on %s, transport %s (%s), %d event-loop thread(s), leak detection %s%n",
          name,
          server.localAddress(),
          NettyTransport.reported(server),
          server.getClass().getSimpleName(),
          args.threads(),
          ResourceLeakDetector.getLevel());
      if (args.transport() == NettyTransport.IO_URING) {
        System.out.printf(
            "io_uring: buffer ring %s, %s%n", bufferRing ? "on" : "off", IoUring.featureString());
      }
      System.out.flush();
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully();
    }
  }
}

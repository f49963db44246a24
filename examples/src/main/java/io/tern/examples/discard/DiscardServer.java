package io.tern.examples.discard;

import io.tern.common.concurrent.Future;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/**
 * {@code ./run-example discard [--port 8009] [--host 127.0.0.1] [--transport nio]}: reads and drops
 * whatever its clients send, printing the incoming rate every second while data flows. With {@code
 * --client} it runs {@link DiscardClient} instead.
 */
public final class DiscardServer {
  private DiscardServer() {}

  /**
   * Starts a discard server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param total counts every byte received
   * @param onClose told each connection's byte count when it closes (on its loop)
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport,
      EventLoopGroup group,
      SocketAddress address,
      LongAdder total,
      LongConsumer onClose) {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new DiscardServerHandler(total, onClose));
              }
            })
        .bind(address);
  }

  /**
   * Runs the example (or the client, with {@code --client}).
   *
   * @param args the options above
   * @throws Exception if the server cannot start
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    if (options.flag("client")) {
      DiscardClient.main(options);
      return;
    }
    Transport transport = Transports.selectForServer(options, "discard server");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8009));
    EventLoopGroup group = new MultiThreadEventLoopGroup(transport.ioHandlerFactory());
    try {
      LongAdder bytes = new LongAdder();
      ServerChannel server =
          start(
                  transport,
                  group,
                  address,
                  bytes,
                  n -> System.out.printf("discard: a client left after sending %d bytes%n", n))
              .sync()
              .getNow();
      System.out.printf(
          "discard server listening on %s (transport %s)%n",
          server.localAddress(), transport.name());
      server
          .eventLoop()
          .scheduleAtFixedRate(
              () -> {
                long received = bytes.sumThenReset();
                if (received > 0) {
                  System.out.printf(
                      Locale.ROOT, "discard: %.1f MiB/s%n", received / (double) (1 << 20));
                }
              },
              1,
              1,
              TimeUnit.SECONDS);
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

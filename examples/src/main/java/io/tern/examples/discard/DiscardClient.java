package io.tern.examples.discard;

import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code ./run-example discard --client [--host 127.0.0.1] [--port 8009] [--size 8192] [--seconds
 * 10] [--transport nio|local]}: sends {@code size}-byte messages to a discard server for {@code
 * seconds} and prints the rate. With {@code --transport local} it starts a discard server in its
 * own JVM first.
 */
public final class DiscardClient {
  private DiscardClient() {}

  /**
   * Connects and sends until a byte budget or a deadline is reached.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param server the discard server's address
   * @param size bytes per message
   * @param maxBytes bytes to send at most ({@link Long#MAX_VALUE}: no limit)
   * @param durationNanos how long to send at most ({@link Long#MAX_VALUE}: no limit)
   * @return completed with the bytes sent once all of them reached the socket
   */
  public static Future<Long> run(
      Transport transport,
      EventLoopGroup group,
      SocketAddress server,
      int size,
      long maxBytes,
      long durationNanos) {
    Promise<Long> done = group.next().newPromise();
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(new DiscardClientHandler(size, maxBytes, durationNanos, done))
        .connect(server)
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                done.tryFailure(connected.cause());
              }
            });
    return done;
  }

  static void main(ExampleOptions options) throws Exception {
    Transport transport = Transports.select(options);
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8009));
    int size = options.positiveInt("size", 8192);
    int seconds = options.positiveInt("seconds", 10);
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      if (transport.inVmOnly()) {
        ServerChannel server =
            DiscardServer.start(transport, group, address, new LongAdder(), n -> {})
                .sync()
                .getNow();
        System.out.println("discard client: started an in-VM discard server on " + server);
      }
      long start = System.nanoTime();
      Future<Long> sent =
          run(transport, group, address, size, Long.MAX_VALUE, TimeUnit.SECONDS.toNanos(seconds))
              .await();
      if (!sent.isSuccess()) {
        System.err.println("discard client: failed: " + sent.cause());
        System.exit(1);
      }
      double elapsed = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "discard client: sent %d bytes in %.2f s: %.1f MiB/s%n",
          sent.getNow(),
          elapsed,
          sent.getNow() / elapsed / (1 << 20));
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

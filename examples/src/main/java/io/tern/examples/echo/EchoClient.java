package io.tern.examples.echo;

import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.examples.support.UsageException;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;
import java.util.Locale;

/**
 * {@code ./run-example echo-client [--host 127.0.0.1] [--port 8007] [--count 10000] [--size 256]
 * [--transport nio|local]}: sends {@code count} messages of {@code size} bytes to an echo server,
 * verifies the echo and prints the throughput. With {@code --transport local} it starts an echo
 * server in its own JVM first.
 */
public final class EchoClient {
  /** The largest {@code --size}: the client keeps a pattern of that many bytes. */
  public static final int MAX_SIZE = 16 << 20;

  private EchoClient() {}

  /**
   * What one run measured.
   *
   * @param bytes bytes sent and echoed back
   * @param messages messages sent
   * @param nanos time from connection to the last echoed byte
   */
  public record Result(long bytes, int messages, long nanos) {
    /**
     * Formats the result for people.
     *
     * @return one line
     */
    @Override
    public String toString() {
      double seconds = nanos / 1e9;
      return String.format(
          Locale.ROOT,
          "%d messages (%d bytes) echoed and verified in %.3f s: %.0f msg/s, %.1f MiB/s",
          messages,
          bytes,
          seconds,
          messages / seconds,
          bytes / seconds / (1 << 20));
    }
  }

  /**
   * Connects, sends, verifies and closes.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param server the echo server's address
   * @param count messages to send
   * @param size bytes per message
   * @return completed with the result, or failed if the echo was wrong or the connection broke
   */
  public static Future<Result> run(
      Transport transport, EventLoopGroup group, SocketAddress server, int count, int size) {
    Promise<Long> done = group.next().newPromise();
    Promise<Result> result = group.next().newPromise();
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(new EchoClientHandler(count, size, done))
        .connect(server)
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                result.tryFailure(connected.cause());
              }
            });
    done.addListener(
        f -> {
          if (f.isSuccess()) {
            result.trySuccess(new Result((long) count * size, count, f.getNow()));
          } else {
            result.tryFailure(f.cause());
          }
        });
    return result;
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the run fails
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.select(options);
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8007));
    int count = options.positiveInt("count", 10_000);
    int size = options.positiveInt("size", 256);
    if (size > MAX_SIZE) {
      throw new UsageException("--size " + size + " (at most " + MAX_SIZE + ")");
    }
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      if (transport.inVmOnly()) {
        ServerChannel server = EchoServer.start(transport, group, address).sync().getNow();
        System.out.println("echo-client: started an in-VM echo server on " + server.localAddress());
      }
      Future<Result> result = run(transport, group, address, count, size).await();
      if (!result.isSuccess()) {
        System.err.println("echo-client: failed: " + result.cause());
        System.exit(1);
      }
      System.out.println("echo-client: " + result.getNow());
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

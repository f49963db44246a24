package io.tern.examples.factorial;

import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import java.math.BigInteger;
import java.net.SocketAddress;

/**
 * {@code ./run-example factorial-client [--port 8322] [--host 127.0.0.1] [--transport nio|local]
 * [--count 1000]}: Netty's factorial client ported: sends 1 … count to a factorial server and
 * prints {@code count!} from its last answer. With {@code --transport local} it starts the server
 * in the same JVM.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #compute} may be called from any thread; the handlers run on one of the group's loops.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the caller owns the event loop group.
 */
public final class FactorialClient {
  private FactorialClient() {}

  /**
   * Connects to a factorial server and computes {@code count!} with it.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param server the server's address
   * @param count the last factor, at least 1
   * @return completed with {@code count!}, or failed if the connection fails or closes early
   */
  public static Future<BigInteger> compute(
      Transport transport, EventLoopGroup group, SocketAddress server, int count) {
    Promise<BigInteger> result = new DefaultPromise<>(group.next());
    new Bootstrap()
        .group(group)
        .channelFactory(transport.channelFactory())
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                BigIntegerFrames.addTo(ch.pipeline(), FactorialServer.MAX_NUMBER_BYTES);
                ch.pipeline().addLast(new FactorialClientHandler(count, result));
              }
            })
        .connect(server)
        .addListener(
            connected -> {
              if (!connected.isSuccess()) {
                result.tryFailure(connected.cause());
              }
            });
    return result;
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the computation fails
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.select(options);
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8322));
    int count = options.positiveInt("count", 1000);
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      ServerChannel inVm = null;
      if (transport.inVmOnly()) {
        inVm = FactorialServer.start(transport, group, address).sync().getNow();
      }
      Future<BigInteger> result = compute(transport, group, address, count).await();
      if (inVm != null) {
        inVm.close().sync();
      }
      if (!result.isSuccess()) {
        System.err.println("factorial-client: " + result.cause());
        System.exit(1);
      }
      String digits = result.getNow().toString();
      System.out.printf(
          "%d! has %d digits: %s%n",
          count, digits.length(), digits.length() <= 60 ? digits : digits.substring(0, 60) + "…");
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

package io.tern.examples.factorial;

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

/**
 * {@code ./run-example factorial-server [--port 8322] [--host 127.0.0.1] [--transport nio]}:
 * Netty's factorial server ported: answers each number a client sends with the product of all its
 * numbers so far. {@code ./run-example factorial-client} talks to it.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #start} may be called from any thread; the handlers run on the group's loops.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the caller owns the event loop group.
 */
public final class FactorialServer {
  /**
   * The largest number accepted, in bytes: a bound on what one frame may make the server buffer.
   */
  public static final int MAX_NUMBER_BYTES = 1 << 20;

  private FactorialServer() {}

  /**
   * Starts a factorial server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address) {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                BigIntegerFrames.addTo(ch.pipeline(), MAX_NUMBER_BYTES);
                ch.pipeline().addLast(new FactorialServerHandler()); // per connection: it has state
              }
            })
        .bind(address);
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the server cannot start
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.selectForServer(options, "factorial-server");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8322));
    EventLoopGroup group = new MultiThreadEventLoopGroup(transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address).sync().getNow();
      System.out.printf(
          "factorial-server listening on %s (transport %s)%n",
          server.localAddress(), transport.name());
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

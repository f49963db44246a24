package io.tern.examples.telnet;

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
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Clock;

/**
 * {@code ./run-example telnet [--port 8023] [--host 127.0.0.1] [--transport nio]}: Netty's telnet
 * example ported: greets, answers every line, {@code bye} leaves. Try it with {@code telnet
 * 127.0.0.1 8023} or {@code nc -C 127.0.0.1 8023}.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #start} may be called from any thread; the handlers run on the group's loops.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the caller owns the event loop group.
 */
public final class TelnetServer {
  private TelnetServer() {}

  /**
   * Starts a telnet server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param clock what the greeting reads the time from
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address, Clock clock) {
    TelnetServerHandler handler = new TelnetServerHandler(clock); // shared: it keeps no state
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                TelnetServerHandler.addTo(ch.pipeline(), handler);
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
    Transport transport = Transports.selectForServer(options, "telnet");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8023));
    EventLoopGroup group = new MultiThreadEventLoopGroup(transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address, Clock.systemUTC()).sync().getNow();
      System.out.printf(
          "telnet server listening on %s (transport %s)%n",
          server.localAddress(), transport.name());
      if (server.localAddress() instanceof InetSocketAddress bound) {
        System.out.printf("connect with: telnet %s %d%n", bound.getHostString(), bound.getPort());
      }
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

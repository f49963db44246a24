package io.tern.examples.echo;

import io.tern.common.concurrent.Future;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;

/**
 * {@code ./run-example echo-server [--port 8007] [--host 127.0.0.1] [--transport nio] [--threads
 * N]}: echoes whatever its clients send until killed.
 */
public final class EchoServer {
  private EchoServer() {}

  /**
   * Starts an echo server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address) {
    EchoServerHandler handler = new EchoServerHandler(); // stateless: shared by every connection
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .option(ChannelOption.SO_BACKLOG, 1024)
        .childHandler(handler)
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
    Transport transport = Transports.selectForServer(options, "echo-server");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8007));
    int threads = options.positiveInt("threads", MultiThreadEventLoopGroup.DEFAULT_THREADS);
    EventLoopGroup group = new MultiThreadEventLoopGroup(threads, transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address).sync().getNow();
      System.out.printf(
          "echo-server listening on %s (transport %s, %d event loops)%n",
          server.localAddress(), transport.name(), threads);
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

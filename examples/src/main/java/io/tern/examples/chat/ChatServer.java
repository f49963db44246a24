package io.tern.examples.chat;

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

/**
 * {@code ./run-example chat [--port 8010] [--host 127.0.0.1] [--transport nio]}: a line-based chat
 * room. Connect with {@code nc 127.0.0.1 8010} or {@code telnet}; every line goes to everyone else,
 * {@code /quit} leaves.
 */
public final class ChatServer {
  private ChatServer() {}

  /**
   * Starts a chat server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param room the room every connection joins
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address, ChatRoom room) {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ChatServerHandler.addTo(ch.pipeline(), room);
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
    Transport transport = Transports.selectForServer(options, "chat server");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8010));
    EventLoopGroup group = new MultiThreadEventLoopGroup(transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address, new ChatRoom()).sync().getNow();
      System.out.printf(
          "chat server listening on %s (transport %s)%n", server.localAddress(), transport.name());
      if (server.localAddress() instanceof InetSocketAddress bound) {
        System.out.printf("join with: nc %s %d%n", bound.getHostString(), bound.getPort());
      }
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

package io.tern.examples.gettingstarted;

import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpServerCodec;
import io.tern.common.concurrent.Future;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.socket.SocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * An HTTP/1.1 server that says hello: {@code java ... HelloServer [port]} (default 8080).
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #start} may be called from any thread; the server's handlers run on the group's loops.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the caller owns the event loop group and shuts it down.
 */
public final class HelloServer {
  private HelloServer() {}

  /**
   * Binds a server on a group's event loops.
   *
   * @param group the event loops (NIO)
   * @param address where to listen
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(EventLoopGroup group, SocketAddress address) {
    HelloHandler hello = new HelloHandler(); // stateless: shared by every connection
    return new ServerBootstrap()
        .group(group)
        .channelFactory(NioServerSocketChannel::new)
        .childHandler(
            new ChannelInitializer<SocketChannel>() {
              @Override
              protected void initChannel(SocketChannel ch) {
                ch.pipeline()
                    .addLast(new HttpServerCodec())
                    .addLast(new HttpObjectAggregator(64 * 1024))
                    .addLast(hello);
              }
            })
        .bind(address);
  }

  /**
   * Runs the server until it is killed.
   *
   * @param args an optional port
   * @throws Exception if it cannot bind
   */
  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
    EventLoopGroup group = new MultiThreadEventLoopGroup(NioIoHandler.newFactory());
    try {
      ServerChannel server =
          start(group, new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
              .sync()
              .getNow();
      InetSocketAddress bound = (InetSocketAddress) server.localAddress();
      System.out.println("Listening on http://127.0.0.1:" + bound.getPort() + "/");
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

package io.tern.examples.memcache;

import io.tern.codec.memcache.BinaryMemcacheRequestDecoder;
import io.tern.codec.memcache.BinaryMemcacheResponseEncoder;
import io.tern.common.concurrent.Future;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;

/**
 * {@code ./run-example memcache-server [--port 11211] [--host 127.0.0.1] [--transport nio]}: an
 * in-memory memcached speaking the binary protocol: GET/GETK/GAT/TOUCH, SET/ADD/REPLACE with CAS,
 * APPEND/PREPEND, DELETE, INCREMENT/DECREMENT, FLUSH, NOOP, VERSION, STAT, QUIT, and the quiet
 * variant of each. Try {@code memccapable -h 127.0.0.1 -p 11211 -b}.
 *
 * <p>Pipeline: {@link BinaryMemcacheRequestDecoder}, {@link BinaryMemcacheResponseEncoder}, {@link
 * MemcacheServerHandler}.
 */
public final class MemcacheServer {
  private MemcacheServer() {}

  /**
   * Starts a server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address) {
    MemcacheStore store = new MemcacheStore(System::currentTimeMillis);
    BinaryMemcacheResponseEncoder encoder = new BinaryMemcacheResponseEncoder();
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .option(ChannelOption.SO_BACKLOG, 1024)
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(
                        new BinaryMemcacheRequestDecoder(),
                        encoder,
                        new MemcacheServerHandler(store));
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
    Transport transport = Transports.selectForServer(options, "memcache-server");
    SocketAddress address =
        transport.address(options.get("host", "127.0.0.1"), options.port(11211));
    EventLoopGroup group = new MultiThreadEventLoopGroup(transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address).sync().getNow();
      System.out.printf(
          "memcache-server listening on %s (transport %s)%n",
          server.localAddress(), transport.name());
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

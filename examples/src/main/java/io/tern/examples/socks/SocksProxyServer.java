package io.tern.examples.socks;

import io.tern.codec.socks.server.SocksPortUnificationServerHandler;
import io.tern.common.concurrent.Future;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.examples.support.UsageException;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;

/**
 * {@code ./run-example socks-proxy [--port 1080] [--host 127.0.0.1] [--transport nio] [--user U
 * --password P]}: a SOCKS proxy for versions 4, 4a and 5. The first byte of each connection picks
 * the version ({@link SocksPortUnificationServerHandler}); with {@code --user} and {@code
 * --password}, SOCKS 5 clients must authenticate (RFC 1929) and SOCKS 4 clients are refused (SOCKS
 * 4 has no password). Try {@code curl --socks5-hostname 127.0.0.1:1080 http://example.org/}.
 */
public final class SocksProxyServer {
  private SocksProxyServer() {}

  /**
   * Starts the proxy.
   *
   * @param transport the transport (for accepted and outbound channels)
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param user the SOCKS 5 user, or {@code null} for no authentication
   * @param password the password (with a user)
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport,
      EventLoopGroup group,
      SocketAddress address,
      String user,
      String password) {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .childHandler(
            new ChannelInitializer<>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline()
                    .addLast(new SocksPortUnificationServerHandler())
                    .addLast(new SocksServerHandler(transport.channelFactory(), user, password));
              }
            })
        .bind(address);
  }

  /**
   * Runs the example.
   *
   * @param args the options above
   * @throws Exception if the proxy cannot start
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    Transport transport = Transports.selectForServer(options, "socks-proxy");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(1080));
    String user = options.get("user", null);
    String password = options.get("password", null);
    if ((user == null) != (password == null)) {
      throw new UsageException("give both --user and --password, or neither");
    }
    EventLoopGroup group = new MultiThreadEventLoopGroup(transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address, user, password).sync().getNow();
      System.out.printf(
          "socks-proxy listening on %s (SOCKS 4, 4a, 5%s)%n",
          server.localAddress(), user == null ? "" : "; SOCKS 5 password required");
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

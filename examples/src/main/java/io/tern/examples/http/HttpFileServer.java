package io.tern.examples.http;

import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.files.HttpStaticFileHandler;
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
import java.nio.file.Path;

/**
 * {@code ./run-example http-files [--dir .] [--port 8080] [--host 127.0.0.1] [--transport nio]}:
 * serves a directory over HTTP/1.1 with zero-copy file regions, {@code If-Modified-Since} and
 * {@code Range}. Try {@code curl -i http://127.0.0.1:8080/README.md} or {@code curl -r 0-99 …}.
 */
public final class HttpFileServer {
  private HttpFileServer() {}

  /**
   * Starts the server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param root the directory served
   * @return completed with the listening channel
   * @throws java.io.IOException if {@code root} is not a directory
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address, Path root)
      throws java.io.IOException {
    HttpStaticFileHandler files = new HttpStaticFileHandler(root); // stateless: shared
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .option(ChannelOption.SO_BACKLOG, 1024)
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new HttpServerCodec(), files);
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
    Transport transport = Transports.selectForServer(options, "http-files");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8080));
    Path root = Path.of(options.get("dir", "."));
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address, root).sync().getNow();
      System.out.printf(
          "http-files serving %s on %s (transport %s)%n",
          root.toRealPath(), server.localAddress(), transport.name());
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

package io.tern.examples.http;

import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.multipart.HttpDataFactory;
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
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code ./run-example http-upload [--dir uploads] [--port 8080] [--host 127.0.0.1] [--transport
 * nio] [--max-file-mib 100]}: stores the files of {@code multipart/form-data} uploads in {@code
 * --dir} and answers with a report of the form. Try {@code curl -F comment=hi -F file=@README.md
 * http://127.0.0.1:8080/upload}, a browser on {@code http://127.0.0.1:8080/}, or {@code
 * ./run-example http-upload --client --file README.md --form comment=hi}, which uploads with Tern's
 * {@code HttpPostRequestEncoder} ({@link HttpUploadClient}).
 *
 * <p>Pipeline: {@link HttpServerCodec} (which also closes the connection when HTTP says it ends),
 * {@link HttpUploadServerHandler}. There is no aggregator: the body streams through the POST
 * decoder, which writes each file to a temporary file as it arrives (memory stays small whatever
 * the upload size).
 */
public final class HttpUploadServer {
  private HttpUploadServer() {}

  /**
   * Starts the server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param directory where uploaded files are stored (created if missing)
   * @param maxFileSize the largest file accepted, in bytes
   * @return completed with the listening channel
   * @throws IOException if the directory cannot be created
   */
  public static Future<ServerChannel> start(
      Transport transport,
      EventLoopGroup group,
      SocketAddress address,
      Path directory,
      long maxFileSize)
      throws IOException {
    Files.createDirectories(directory);
    HttpDataFactory factory = // fields up to 16 KiB in memory, larger ones on disk from the start
        HttpDataFactory.builder().storage(HttpDataFactory.Storage.MIXED).build();
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
                        new HttpServerCodec(),
                        new HttpUploadServerHandler(factory, directory, maxFileSize));
              }
            })
        .bind(address);
  }

  /**
   * Runs the example (or, with {@code --client}, {@link HttpUploadClient}).
   *
   * @param args the options above
   * @throws Exception if the server cannot start
   */
  public static void main(String[] args) throws Exception {
    ExampleOptions options = new ExampleOptions(args);
    if (options.flag("client")) {
      HttpUploadClient.main(options);
      return;
    }
    Transport transport = Transports.selectForServer(options, "http-upload");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8080));
    Path directory = Path.of(options.get("dir", "uploads"));
    long maxFileSize = (long) options.positiveInt("max-file-mib", 100) << 20;
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      ServerChannel server =
          start(transport, group, address, directory, maxFileSize).sync().getNow();
      System.out.printf(
          "http-upload storing into %s, listening on %s (transport %s)%n",
          directory.toRealPath(), server.localAddress(), transport.name());
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}

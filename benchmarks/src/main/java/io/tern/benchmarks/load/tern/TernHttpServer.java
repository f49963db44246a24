package io.tern.benchmarks.load.tern;

import io.tern.codec.http.HttpDecoderConfig;
import io.tern.codec.http.HttpServerCodec;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.linux.bootstrap.SocketTransport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Tern's TechEmpower-style plaintext/JSON HTTP/1.1 server ({@code tern-http} in the load harness),
 * the twin of {@code NettyHttpServer}: {@code TernHttpServer --port N [--transport
 * nio|epoll|io_uring|native] [--threads N]}. The same decoder limits as the Netty side, header
 * validation off on both sides (as in TechEmpower's Netty entry); one event-loop group accepts and
 * serves.
 */
public final class TernHttpServer {
  private TernHttpServer() {}

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws Exception if the server cannot bind
   */
  public static void main(String[] args) throws Exception {
    int port = -1;
    String transportName = "nio";
    int threads = Runtime.getRuntime().availableProcessors();
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--port" -> port = Integer.parseInt(args[i + 1]);
        case "--transport" -> transportName = args[i + 1];
        case "--threads" -> threads = Integer.parseInt(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("give --port N (0-65535)");
    }
    HttpDecoderConfig decoder =
        HttpDecoderConfig.DEFAULT
            .withMaxInitialLineLength(4096)
            .withMaxHeaderSize(8192)
            .withMaxChunkSize(8192)
            .withValidateHeaders(false);
    HelloWorldHandler hello = new HelloWorldHandler();
    SocketTransport transport = SocketTransport.of(transportName);
    EventLoopGroup group = new MultiThreadEventLoopGroup(threads, transport.ioHandlerFactory());
    try {
      Channel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(transport.serverChannelFactory())
              .option(ChannelOption.SO_BACKLOG, 8192)
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(
                  new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                      ch.pipeline().addLast(new HttpServerCodec(decoder), hello);
                    }
                  })
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
              .sync()
              .getNow();
      System.out.printf(
          "tern-http listening on %s, transport %s, %d event-loop thread(s)%n",
          server.localAddress(), transport.name(), threads);
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
  }
}

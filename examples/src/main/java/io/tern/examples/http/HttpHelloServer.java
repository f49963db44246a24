package io.tern.examples.http;

import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.server.HttpServerKeepAliveHandler;
import io.tern.common.concurrent.Future;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.examples.support.UsageException;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslProvider;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;

/**
 * {@code ./run-example http-hello [--port 8080] [--host 127.0.0.1] [--transport nio] [--threads N]
 * [--tls [--ssl-provider openssl|jdk]]}: an HTTP/1.1 Hello World server. Try {@code curl -i
 * http://127.0.0.1:8080/plaintext} or {@code curl -i http://127.0.0.1:8080/json}. Connections are
 * kept alive and requests may be pipelined.
 *
 * <p>With {@code --tls} it serves HTTPS with a fresh self-signed certificate (ALPN {@code
 * http/1.1}; try {@code curl -ik https://127.0.0.1:8080/plaintext}), through the TLS provider
 * {@code --ssl-provider} names: {@code openssl} (the system's OpenSSL 3 through FFM) or {@code
 * jdk}; without it, the default (OpenSSL where it loads).
 *
 * <p>Each connection's pipeline: {@link HttpServerCodec} (bytes to requests, responses to bytes),
 * {@link HttpServerKeepAliveHandler} (closes when HTTP says so), {@link HttpHelloHandler}.
 */
public final class HttpHelloServer {
  private HttpHelloServer() {}

  /**
   * Starts the server on a group's loops.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address) {
    return start(transport, group, address, null);
  }

  /**
   * Starts the server on a group's loops, serving HTTPS.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param tls the server's TLS context
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> startTls(
      Transport transport, EventLoopGroup group, SocketAddress address, SslContext tls) {
    return start(transport, group, address, java.util.Objects.requireNonNull(tls, "tls"));
  }

  private static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address, SslContext tls) {
    HttpHelloHandler hello = new HttpHelloHandler(); // stateless: shared by every connection
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .option(ChannelOption.SO_BACKLOG, 1024)
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                if (tls != null) {
                  ch.pipeline().addLast(tls.newHandler());
                }
                ch.pipeline()
                    .addLast(new HttpServerCodec(), new HttpServerKeepAliveHandler(), hello);
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
    Transport transport = Transports.selectForServer(options, "http-hello");
    SocketAddress address = transport.address(options.get("host", "127.0.0.1"), options.port(8080));
    int threads = options.positiveInt("threads", MultiThreadEventLoopGroup.DEFAULT_THREADS);
    SslContext tls = options.flag("tls") ? tlsContext(options) : null;
    EventLoopGroup group = new MultiThreadEventLoopGroup(threads, transport.ioHandlerFactory());
    try {
      ServerChannel server = start(transport, group, address, tls).sync().getNow();
      System.out.printf(
          "http-hello listening on %s://%s/plaintext (transport %s, %d event loops%s)%n",
          tls == null ? "http" : "https",
          hostPort(server.localAddress()),
          transport.name(),
          threads,
          tls == null ? "" : ", TLS provider " + tls.provider());
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }

  private static SslContext tlsContext(ExampleOptions options) {
    SslContextBuilder builder =
        SslContextBuilder.forServer(SelfSignedCertificate.create())
            .applicationProtocols("http/1.1");
    String provider = options.get("ssl-provider", null);
    if (provider != null) {
      builder.sslProvider(
          switch (provider) {
            case "openssl" -> SslProvider.OPENSSL;
            case "jdk" -> SslProvider.JDK;
            default ->
                throw new UsageException(
                    "--ssl-provider " + provider + " (expected: openssl or jdk)");
          });
    }
    return builder.build();
  }

  private static String hostPort(SocketAddress address) {
    return address instanceof java.net.InetSocketAddress inet
        ? inet.getAddress().getHostAddress() + ":" + inet.getPort()
        : address.toString();
  }
}

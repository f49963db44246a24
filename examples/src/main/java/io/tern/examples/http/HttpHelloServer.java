package io.tern.examples.http;

import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http2.CleartextHttp2ServerUpgradeHandler;
import io.tern.codec.http2.Http2FrameCodec;
import io.tern.common.concurrent.Future;
import io.tern.examples.http2.Http2HelloHandler;
import io.tern.examples.support.ExampleOptions;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.examples.support.UsageException;
import io.tern.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslHandler;
import io.tern.handler.ssl.SslProvider;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ServerChannel;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code ./run-example http-hello [--port 8080] [--host 127.0.0.1] [--transport nio] [--threads N]
 * [--tls]}: a Hello World server speaking HTTP/1.1 and HTTP/2 on one port. Try {@code curl -i
 * http://127.0.0.1:8080/plaintext}, {@code curl --http2 ...} (the h2c upgrade), {@code curl
 * --http2-prior-knowledge ...}, {@code h2load -n 100000 -c 8 -m 16 http://127.0.0.1:8080/}. With
 * {@code --tls} the port speaks TLS with a self-signed certificate, and ALPN chooses {@code h2} or
 * {@code http/1.1}: {@code curl -k https://127.0.0.1:8080/json}; {@code --ssl-provider} names the
 * TLS provider ({@code openssl}, the system's OpenSSL 3 through FFM, or {@code jdk}; default:
 * OpenSSL where it loads). HTTP/1.1 connections are kept alive and requests may be pipelined.
 *
 * <p>Each connection's pipeline starts with a {@link CleartextHttp2ServerUpgradeHandler} that looks
 * at the first bytes: the HTTP/2 preface gives {@link Http2FrameCodec} and {@link
 * Http2HelloHandler}; anything else {@link HttpServerCodec} (bytes to requests, responses to bytes;
 * it also closes the connection when HTTP says it ends) and {@link HttpHelloHandler}, where an
 * {@code Upgrade: h2c} request switches to the HTTP/2 pipeline. With {@code --tls}: {@link
 * SslHandler}, then {@link ApplicationProtocolNegotiationHandler} sets up the HTTP/2 or the
 * HTTP/1.1 pipeline once the handshake is done.
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
   * Starts the server on a group's loops, over TLS with ALPN if a context is given.
   *
   * @param transport the transport
   * @param group event loops running the transport's I/O handler
   * @param address where to listen
   * @param tls a server context offering {@code h2} and {@code http/1.1}, or {@code null} for
   *     cleartext (HTTP/1.1, h2c upgrade and prior knowledge)
   * @return completed with the listening channel
   */
  public static Future<ServerChannel> start(
      Transport transport, EventLoopGroup group, SocketAddress address, SslContext tls) {
    HttpHelloHandler hello = new HttpHelloHandler(); // stateless: shared by every connection
    Http2HelloHandler hello2 = new Http2HelloHandler();
    return new ServerBootstrap()
        .group(group)
        .channelFactory(transport.serverChannelFactory())
        .option(ChannelOption.SO_BACKLOG, 1024)
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                if (tls == null) {
                  ch.pipeline()
                      .addLast(
                          CleartextHttp2ServerUpgradeHandler.builder()
                              .http1(http1(hello))
                              .http2(hello2)
                              .build());
                  return;
                }
                ch.pipeline()
                    .addLast(
                        tls.newHandler(),
                        ApplicationProtocolNegotiationHandler.of(
                            "http/1.1",
                            (pipeline, protocol) -> {
                              if (protocol.equals("h2")) {
                                pipeline.addLast(Http2FrameCodec.forServer().build(), hello2);
                              } else {
                                pipeline.addLast(new HttpServerCodec(), hello);
                              }
                            }));
              }
            })
        .bind(address);
  }

  /**
   * Starts the server on a group's loops, serving HTTPS (ALPN as the context says).
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

  /** The handlers after the HTTP/1.1 codec. */
  private static ChannelInitializer<Channel> http1(HttpHelloHandler hello) {
    return new ChannelInitializer<Channel>() {
      @Override
      protected void initChannel(Channel ch) {
        ch.pipeline().addLast(hello);
      }
    };
  }

  /**
   * A server context for a certificate, offering {@code h2} and {@code http/1.1} over ALPN.
   *
   * @param certificate the certificate and its key
   * @return the context
   * @throws Exception if the context cannot be built
   */
  public static SslContext tls(SelfSignedCertificate certificate) throws Exception {
    return SslContextBuilder.forServer(certificate).applicationProtocols("h2", "http/1.1").build();
  }

  private static SslContext tlsContext(ExampleOptions options, SelfSignedCertificate certificate) {
    SslContextBuilder builder =
        SslContextBuilder.forServer(certificate).applicationProtocols("h2", "http/1.1");
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
    EventLoopGroup group = new MultiThreadEventLoopGroup(threads, transport.ioHandlerFactory());
    try {
      SslContext tls = null;
      if (options.flag("tls")) {
        SelfSignedCertificate certificate = SelfSignedCertificate.create();
        Path pem = Files.createTempFile("http-hello-cert", ".pem");
        Path key = Files.createTempFile("http-hello-key", ".pem");
        certificate.writePem(pem, key);
        Files.delete(key); // only the certificate is for clients (http2-client --trust)
        System.out.println("self-signed certificate: " + pem);
        tls = tlsContext(options, certificate);
      }
      ServerChannel server = start(transport, group, address, tls).sync().getNow();
      System.out.printf(
          "http-hello listening on %s://%s/plaintext, HTTP/1.1 and HTTP/2 (transport %s, %d event"
              + " loops)%n",
          tls == null ? "http" : "https",
          hostPort(server.localAddress()),
          transport.name(),
          threads);
      server.closeFuture().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }

  private static String hostPort(SocketAddress address) {
    return address instanceof java.net.InetSocketAddress inet
        ? inet.getAddress().getHostAddress() + ":" + inet.getPort()
        : address.toString();
  }
}

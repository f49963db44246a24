package io.tern.codec.http2;

import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpServerCodec;
import io.tern.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Hello-world servers on 127.0.0.1 for tests and for h2spec by hand: h2c with prior knowledge only,
 * one cleartext port for HTTP/1.1, h2c upgrade and prior knowledge, and TLS with ALPN ({@code h2},
 * falling back to {@code http/1.1}) with a self-signed certificate.
 */
final class Http2TestServer implements AutoCloseable {
  private final EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private final ServerChannel server;

  private Http2TestServer(int port, Consumer<Channel> init) throws InterruptedException {
    server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    init.accept(ch);
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
            .sync()
            .getNow();
  }

  /** h2c with prior knowledge: the codec straight away. */
  static Http2TestServer priorKnowledge(int port) throws InterruptedException {
    return new Http2TestServer(
        port, ch -> ch.pipeline().addLast(Http2FrameCodec.forServer().build(), new HelloHandler()));
  }

  /**
   * h2c with prior knowledge, each stream in a stream channel served by HTTP/1-style handlers: the
   * frame-to-HTTP/1 adapter, an aggregator and {@link Http1HelloHandler}.
   */
  static Http2TestServer multiplexed(int port) throws InterruptedException {
    return new Http2TestServer(
        port,
        ch ->
            ch.pipeline()
                .addLast(
                    Http2FrameCodec.forServer().build(),
                    Http2MultiplexHandler.of(
                        new ChannelInitializer<Http2StreamChannel>() {
                          @Override
                          protected void initChannel(Http2StreamChannel stream) {
                            stream
                                .pipeline()
                                .addLast(
                                    Http2StreamFrameToHttpObjectCodec.forServer(),
                                    new HttpObjectAggregator(1 << 16),
                                    new Http1HelloHandler());
                          }
                        })));
  }

  /** HTTP/1.1, the h2c upgrade and prior knowledge on one port. */
  static Http2TestServer cleartext(int port) throws InterruptedException {
    return new Http2TestServer(
        port,
        ch ->
            ch.pipeline()
                .addLast(
                    CleartextHttp2ServerUpgradeHandler.builder()
                        .http1(new Http1HelloHandler())
                        .http2(new HelloHandler())
                        .build()));
  }

  /** TLS with ALPN: h2, or HTTP/1.1 for clients that do not offer h2 or use no ALPN. */
  static Http2TestServer tls(int port) throws Exception {
    return tls(port, SelfSignedCertificate.create());
  }

  /** TLS with ALPN, with the certificate given (so that a client can trust it). */
  static Http2TestServer tls(int port, SelfSignedCertificate certificate) throws Exception {
    SslContext ssl =
        SslContextBuilder.forServer(certificate).applicationProtocols("h2", "http/1.1").build();
    return new Http2TestServer(
        port,
        ch ->
            ch.pipeline()
                .addLast(
                    ssl.newHandler(),
                    ApplicationProtocolNegotiationHandler.of(
                        "http/1.1",
                        (pipeline, protocol) -> {
                          if (protocol.equals("h2")) {
                            pipeline.addLast(
                                Http2FrameCodec.forServer().build(), new HelloHandler());
                          } else {
                            pipeline.addLast(new HttpServerCodec(), new Http1HelloHandler());
                          }
                        })));
  }

  int port() {
    return ((InetSocketAddress) server.localAddress()).getPort();
  }

  @Override
  public void close() throws InterruptedException {
    server.close().sync();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** Runs a server on the port given (default 8443) until killed: {@code h2c}, {@code tls}. */
  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 8443;
    String kind = args.length > 1 ? args[1] : "h2c";
    Http2TestServer s =
        switch (kind) {
          case "tls" -> tls(port);
          case "cleartext" -> cleartext(port);
          case "mux" -> multiplexed(port);
          default -> priorKnowledge(port);
        };
    System.out.println("listening on " + s.port() + " (" + kind + ")");
    Thread.currentThread().join();
  }
}

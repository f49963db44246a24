package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpVersion;
import io.tern.common.ReferenceCountUtil;
import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslHandler;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A TLS port whose pipeline is chosen by ALPN: Tern's HTTP/2 client offering {@code h2} gets
 * HTTP/2, a client offering only {@code http/1.1} gets HTTP/1.1 on the same port.
 */
class Http2AlpnTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();
  private static Http2TestServer server;
  private static final EventLoopGroup GROUP =
      new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());

  @BeforeAll
  static void start() throws Exception {
    server = Http2TestServer.tls(0, CERT);
  }

  @AfterAll
  static void stop() throws InterruptedException {
    server.close();
    GROUP.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  private static Channel connect(SslContext ssl, ChannelHandler... handlers)
      throws InterruptedException {
    return new Bootstrap()
        .group(GROUP)
        .channelFactory(NioSocketChannel::new)
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel c) {
                c.pipeline().addLast(ssl.newHandler("127.0.0.1", server.port()));
                c.pipeline().addLast(handlers);
              }
            })
        .connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()))
        .sync()
        .getNow();
  }

  private static SslHandler sslOf(Channel ch) {
    for (String name : ch.pipeline().names()) {
      if (ch.pipeline().get(name) instanceof SslHandler s) {
        return s;
      }
    }
    throw new AssertionError("no SslHandler");
  }

  @Test
  void aClientOfferingH2GetsHttp2() throws Exception {
    SslContext ssl =
        SslContextBuilder.forClient()
            .trustManager(List.of(CERT.certificate()))
            .applicationProtocols("h2")
            .build();
    CompletableFuture<String> body = new CompletableFuture<>();
    ChannelHandler collector =
        new ChannelHandler() {
          private final ByteBuf received = Unpooled.buffer();

          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
              if (msg instanceof Http2HeadersFrame h && h.headers().status() != null) {
                received.writeCharSequence(h.headers().status() + " ", StandardCharsets.US_ASCII);
              } else if (msg instanceof Http2DataFrame d) {
                received.writeBytes(d.content());
                if (d.endStream()) {
                  body.complete(received.toString(StandardCharsets.US_ASCII));
                  received.release();
                }
              }
            } finally {
              ReferenceCountUtil.release(msg);
            }
          }
        };
    Channel ch = connect(ssl, Http2FrameCodec.forClient().build(), collector);
    try {
      Http2Headers request =
          new Http2Headers().method("GET").scheme("https").path("/").authority("127.0.0.1");
      ch.writeAndFlush(new Http2HeadersFrame(0, request, true));
      assertThat(body.get(30, TimeUnit.SECONDS)).isEqualTo("200 Hello, World!");
      assertThat(sslOf(ch).applicationProtocol()).isEqualTo("h2");
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void aClientOfferingOnlyHttp11GetsHttp11() throws Exception {
    SslContext ssl =
        SslContextBuilder.forClient()
            .trustManager(List.of(CERT.certificate()))
            .applicationProtocols("http/1.1")
            .build();
    CompletableFuture<String> body = new CompletableFuture<>();
    ChannelHandler collector =
        new ChannelHandler() {
          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
              if (msg instanceof FullHttpResponse r) {
                body.complete(
                    r.status().code() + " " + r.content().toString(StandardCharsets.US_ASCII));
              } else if (msg instanceof HttpContent) {
                body.completeExceptionally(new AssertionError("not aggregated: " + msg));
              }
            } finally {
              ReferenceCountUtil.release(msg);
            }
          }
        };
    Channel ch = connect(ssl, new HttpClientCodec(), new HttpObjectAggregator(1 << 16), collector);
    try {
      DefaultFullHttpRequest request =
          new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/old");
      request.headers().set(HttpHeaderNames.HOST, "127.0.0.1");
      ch.writeAndFlush(request);
      assertThat(body.get(30, TimeUnit.SECONDS)).isEqualTo("200 hello 1 /old");
      assertThat(sslOf(ch).applicationProtocol()).isEqualTo("http/1.1");
    } finally {
      ch.close().sync();
    }
  }
}

package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.LastHttpContent;
import io.tern.codec.http2.CleartextHttp2ClientUpgradeHandler.UpgradeEvent;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Tern's client asks Tern's cleartext servers to upgrade to h2c. */
class CleartextHttp2ClientUpgradeHandlerTest {
  private static final EventLoopGroup GROUP =
      new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  private static Http2TestServer cleartext;
  private static ServerChannel http1Only;
  private static ServerChannel cleartextMultiplexed;

  @BeforeAll
  static void start() throws InterruptedException {
    cleartext = Http2TestServer.cleartext(0);
    http1Only =
        new ServerBootstrap()
            .group(GROUP)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline().addLast(new HttpServerCodec(), new Http1HelloHandler());
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    // The server side of the upgrade with stream channels: stream 1 gets one too.
    cleartextMultiplexed =
        new ServerBootstrap()
            .group(GROUP)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline()
                        .addLast(
                            CleartextHttp2ServerUpgradeHandler.builder()
                                .http1(new Http1HelloHandler())
                                .http2(
                                    Http2MultiplexHandler.of(
                                        new ChannelInitializer<Http2StreamChannel>() {
                                          @Override
                                          protected void initChannel(Http2StreamChannel stream) {
                                            stream.pipeline().addLast(new EchoStreamHandler());
                                          }
                                        }))
                                .build());
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
  }

  @AfterAll
  static void stop() throws InterruptedException {
    cleartext.close();
    http1Only.close().sync();
    cleartextMultiplexed.close().sync();
    GROUP.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** The HTTP/1.1 application: the events it sees, and a response if one reaches it. */
  private static final class Http1Side implements ChannelHandler {
    final List<Object> events = new CopyOnWriteArrayList<>();
    final CompletableFuture<String> response = new CompletableFuture<>();
    private final StringBuilder text = new StringBuilder();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        if (msg instanceof HttpResponse r) {
          text.append(r.status().code()).append(' ');
        }
        if (msg instanceof HttpContent c) {
          text.append(c.content().toString(StandardCharsets.US_ASCII));
        }
        if (msg instanceof LastHttpContent) {
          response.complete(text.toString());
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      events.add(evt);
    }
  }

  private static Channel connect(SocketAddress server, ChannelHandler... handlers)
      throws InterruptedException {
    return new Bootstrap()
        .group(GROUP)
        .channelFactory(NioSocketChannel::new)
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline().addLast(handlers);
              }
            })
        .connect(server)
        .sync()
        .getNow();
  }

  private static FullHttpRequest get(String path) {
    FullHttpRequest r =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1, HttpMethod.GET, path, Unpooled.EMPTY_BUFFER);
    r.headers().set(HttpHeaderNames.HOST, "127.0.0.1");
    return r;
  }

  private static InetSocketAddress cleartextAddress() {
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), cleartext.port());
  }

  @Test
  void theUpgradeRequestIsAnsweredOnStreamOneAndMoreStreamsFollow() throws Exception {
    Http1Side http1 = new Http1Side();
    ResponseCollector stream1 = new ResponseCollector();
    Channel ch =
        connect(
            cleartextAddress(),
            new HttpClientCodec(),
            CleartextHttp2ClientUpgradeHandler.builder()
                .http2(Http2MultiplexHandler.forClient())
                .upgradeStream(stream1)
                .build(),
            http1);
    try {
      ch.writeAndFlush(get("/upgrade"));
      assertThat(stream1.response.get(30, TimeUnit.SECONDS)).isEqualTo("200 Hello, World!");
      assertThat(http1.events).containsExactly(UpgradeEvent.UPGRADE_ISSUED);
      assertThat(http1.response).isNotDone();
      ch.eventLoop().submit(() -> {}).sync();
      assertThat(ch.pipeline().names())
          .noneMatch(n -> ch.pipeline().get(n) instanceof HttpClientCodec)
          .anyMatch(n -> ch.pipeline().get(n) instanceof Http2FrameCodec);

      ResponseCollector stream3 = new ResponseCollector();
      Http2StreamChannel s =
          new Http2StreamChannelBootstrap(ch).handler(stream3).open().sync().getNow();
      Http2Headers request =
          new Http2Headers().method("GET").scheme("http").path("/next").authority("127.0.0.1");
      s.writeAndFlush(new Http2HeadersFrame(request, true));
      assertThat(stream3.response.get(30, TimeUnit.SECONDS)).isEqualTo("200 Hello, World!");
      assertThat(s.streamId()).isEqualTo(3);
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void bothSidesUseStreamChannelsAcrossTheUpgrade() throws Exception {
    ResponseCollector stream1 = new ResponseCollector();
    Channel ch =
        connect(
            cleartextMultiplexed.localAddress(),
            new HttpClientCodec(),
            CleartextHttp2ClientUpgradeHandler.builder()
                .http2(Http2MultiplexHandler.forClient())
                .upgradeStream(stream1)
                .build());
    try {
      ch.writeAndFlush(get("/both"));
      assertThat(stream1.response.get(30, TimeUnit.SECONDS)).isEqualTo("200 stream 1: ");
      ResponseCollector stream3 = new ResponseCollector();
      Http2StreamChannel s =
          new Http2StreamChannelBootstrap(ch).handler(stream3).open().sync().getNow();
      Http2Headers request =
          new Http2Headers().method("POST").scheme("http").path("/x").authority("127.0.0.1");
      s.write(new Http2HeadersFrame(request, false));
      s.writeAndFlush(
          new Http2DataFrame(Unpooled.copiedBuffer("posted", StandardCharsets.US_ASCII), true));
      assertThat(stream3.response.get(30, TimeUnit.SECONDS)).isEqualTo("200 stream 3: posted");
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void withAFrameHandlerStreamOneArrivesAsFrames() throws Exception {
    CompletableFuture<String> body = new CompletableFuture<>();
    ChannelHandler frames =
        new ChannelHandler() {
          private final StringBuilder text = new StringBuilder();

          @Override
          public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
              if (msg instanceof Http2HeadersFrame h && h.streamId() == 1) {
                text.append(h.headers().status()).append(' ');
              } else if (msg instanceof Http2DataFrame d && d.streamId() == 1) {
                text.append(d.content().toString(StandardCharsets.US_ASCII));
                if (d.endStream()) {
                  body.complete(text.toString());
                }
              }
            } finally {
              ReferenceCountUtil.release(msg);
            }
          }
        };
    Channel ch =
        connect(
            cleartextAddress(),
            new HttpClientCodec(),
            CleartextHttp2ClientUpgradeHandler.builder().http2(frames).build());
    try {
      ch.writeAndFlush(get("/frames"));
      assertThat(body.get(30, TimeUnit.SECONDS)).isEqualTo("200 Hello, World!");
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void aServerThatDeclinesKeepsTheConnectionOnHttp11() throws Exception {
    Http1Side http1 = new Http1Side();
    Channel ch =
        connect(
            http1Only.localAddress(),
            new HttpClientCodec(),
            CleartextHttp2ClientUpgradeHandler.builder()
                .http2(Http2MultiplexHandler.forClient())
                .upgradeStream(new ResponseCollector())
                .build(),
            http1);
    try {
      ch.writeAndFlush(get("/declined"));
      assertThat(http1.response.get(30, TimeUnit.SECONDS)).isEqualTo("200 hello 1 /declined");
      assertThat(http1.events)
          .containsExactly(UpgradeEvent.UPGRADE_ISSUED, UpgradeEvent.UPGRADE_REJECTED);
      ch.eventLoop().submit(() -> {}).sync();
      assertThat(ch.pipeline().names())
          .anyMatch(n -> ch.pipeline().get(n) instanceof HttpClientCodec)
          .noneMatch(n -> ch.pipeline().get(n) instanceof CleartextHttp2ClientUpgradeHandler);
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void theUpgradeRequestCarriesTheFieldsAndTheCodecsSettings() {
    Http2FrameCodecBuilder codec = Http2FrameCodec.forClient();
    codec.initialSettings().maxConcurrentStreams(7);
    io.tern.transport.embedded.EmbeddedChannel ch =
        new io.tern.transport.embedded.EmbeddedChannel(
            new HttpClientCodec(),
            CleartextHttp2ClientUpgradeHandler.builder()
                .codec(codec)
                .http2(new ChannelHandler() {})
                .build());
    FullHttpRequest request = get("/");
    request.headers().set(HttpHeaderNames.CONNECTION, "keep-alive");
    ch.writeOutbound(request);
    StringBuilder written = new StringBuilder();
    ByteBuf out;
    while ((out = ch.readOutbound()) != null) {
      written.append(out.toString(StandardCharsets.US_ASCII));
      out.release();
    }
    String head = written.toString();
    assertThat(head.toLowerCase(java.util.Locale.ROOT))
        .contains("upgrade: h2c\r\n")
        .contains("connection: keep-alive, upgrade, http2-settings\r\n")
        .contains("http2-settings: ");
    String settings =
        head.lines()
            .filter(l -> l.toLowerCase(java.util.Locale.ROOT).startsWith("http2-settings:"))
            .findFirst()
            .orElseThrow()
            .substring("http2-settings:".length())
            .strip();
    assertThat(io.tern.codec.http2.internal.UpgradeSettings.decode(settings).maxConcurrentStreams())
        .isEqualTo(7L);
    ch.finishAndReleaseAll();
  }
}

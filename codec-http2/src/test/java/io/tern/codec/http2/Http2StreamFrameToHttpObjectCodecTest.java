package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http2.Http2Peer.Frame;
import io.tern.codec.http2.internal.Http2FrameTypes;
import io.tern.codec.http2.internal.Http2FrameWriter;
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
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** HTTP/1-style handlers behind {@link Http2StreamFrameToHttpObjectCodec} in stream channels. */
class Http2StreamFrameToHttpObjectCodecTest {

  /**
   * Answers each aggregated request with "METHOD target: content (cookie)" and an {@code x-echo}
   * header, plus an {@code x-done} trailer when the request asked for trailers.
   */
  static final class Http1EchoHandler implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (!(msg instanceof FullHttpRequest request)) {
        ReferenceCountUtil.release(msg);
        return;
      }
      try {
        String text =
            request.method()
                + " "
                + request.uri()
                + ": "
                + request.content().toString(StandardCharsets.US_ASCII)
                + " ("
                + request.headers().get(HttpHeaderNames.COOKIE)
                + ")";
        byte[] body = text.getBytes(StandardCharsets.US_ASCII);
        FullHttpResponse response =
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(body.length));
        response.headers().set("X-Echo", "yes");
        response.headers().set(HttpHeaderNames.CONNECTION, "keep-alive"); // not for HTTP/2
        if (request.headers().contains("x-want-trailers")) {
          response.trailingHeaders().set("x-done", "1");
        }
        ctx.writeAndFlush(response);
      } finally {
        request.release();
      }
    }
  }

  private static Http2MultiplexHandler http1Server() {
    return Http2MultiplexHandler.of(
        new ChannelInitializer<Http2StreamChannel>() {
          @Override
          protected void initChannel(Http2StreamChannel ch) {
            ch.pipeline()
                .addLast(
                    Http2StreamFrameToHttpObjectCodec.forServer(),
                    new HttpObjectAggregator(1 << 16),
                    new Http1EchoHandler());
          }
        });
  }

  private static ByteBuf data(int streamId, String text, boolean endStream) {
    byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.dataHeader(b, streamId, bytes.length, 0, endStream);
    b.writeBytes(bytes);
    return b;
  }

  @Test
  void aStreamIsServedByHttp1Handlers() {
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), http1Server())) {
      peer.handshake(new Http2Settings());
      peer.send(
          peer.headersFrame(
              1,
              false,
              ":method",
              "POST",
              ":scheme",
              "http",
              ":path",
              "/echo?x=1",
              ":authority",
              "example.com",
              "cookie",
              "a=1",
              "cookie",
              "b=2"));
      peer.send(data(1, "abc", false));
      peer.send(data(1, "def", true));
      List<Frame> frames = peer.frames();
      assertThat(frames)
          .extracting(Frame::type)
          .containsExactly(Http2FrameTypes.HEADERS, Http2FrameTypes.DATA);
      assertThat(frames.get(0).headers())
          .contains(":status: 200", "x-echo: yes")
          .noneMatch(h -> h.startsWith("connection"));
      assertThat(new String(frames.get(1).payload(), StandardCharsets.US_ASCII))
          .isEqualTo("POST /echo?x=1: abcdef (a=1; b=2)");
      assertThat(frames.get(1).has(Http2FrameTypes.FLAG_END_STREAM)).isTrue();
    }
  }

  @Test
  void requestTrailersArriveAndResponseTrailersLeaveAsHeaders() {
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), http1Server())) {
      peer.handshake(new Http2Settings());
      peer.send(
          peer.headersFrame(
              1,
              false,
              ":method",
              "PUT",
              ":scheme",
              "http",
              ":path",
              "/t",
              ":authority",
              "x",
              "x-want-trailers",
              "1"));
      peer.send(data(1, "body", false));
      peer.send(peer.headersFrame(1, true, "x-checksum", "42"));
      List<Frame> frames = peer.frames();
      assertThat(frames)
          .extracting(Frame::type)
          .containsExactly(Http2FrameTypes.HEADERS, Http2FrameTypes.DATA, Http2FrameTypes.HEADERS);
      assertThat(frames.get(1).has(Http2FrameTypes.FLAG_END_STREAM)).isFalse();
      assertThat(frames.get(2).headers()).containsExactly("x-done: 1");
      assertThat(frames.get(2).has(Http2FrameTypes.FLAG_END_STREAM)).isTrue();
    }
  }

  @Test
  void aGetWithoutContentIsAFullRequest() {
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), http1Server())) {
      peer.handshake(new Http2Settings());
      peer.request(1, true);
      List<Frame> frames = peer.frames();
      assertThat(new String(frames.get(1).payload(), StandardCharsets.US_ASCII))
          .isEqualTo("GET /:  (null)");
    }
  }

  @Test
  void aClientAndAServerBothSpeakHttp1ObjectsOverOneConnection() throws Exception {
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      ServerChannel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(NioServerSocketChannel::new)
              .childHandler(
                  new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                      ch.pipeline().addLast(Http2FrameCodec.forServer().build(), http1Server());
                    }
                  })
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      Channel connection =
          new Bootstrap()
              .group(group)
              .channelFactory(NioSocketChannel::new)
              .handler(
                  new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                      ch.pipeline()
                          .addLast(
                              Http2FrameCodec.forClient().build(),
                              Http2MultiplexHandler.forClient());
                    }
                  })
              .connect(server.localAddress())
              .sync()
              .getNow();
      try {
        CompletableFuture<String> answer = new CompletableFuture<>();
        Http2StreamChannel stream =
            new Http2StreamChannelBootstrap(connection)
                .handler(
                    new ChannelInitializer<Http2StreamChannel>() {
                      @Override
                      protected void initChannel(Http2StreamChannel ch) {
                        ch.pipeline()
                            .addLast(
                                Http2StreamFrameToHttpObjectCodec.forClient(),
                                new HttpObjectAggregator(1 << 16),
                                new ChannelHandler() {
                                  @Override
                                  public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                    try {
                                      FullHttpResponse r = (FullHttpResponse) msg;
                                      answer.complete(
                                          r.status().code()
                                              + " "
                                              + r.headers().get("x-echo")
                                              + " "
                                              + r.content().toString(StandardCharsets.US_ASCII));
                                    } finally {
                                      ReferenceCountUtil.release(msg);
                                    }
                                  }
                                });
                      }
                    })
                .open()
                .sync()
                .getNow();
        FullHttpRequest request =
            new DefaultFullHttpRequest(
                HttpVersion.HTTP_1_1,
                HttpMethod.POST,
                "/form",
                Unpooled.copiedBuffer("name=tern", StandardCharsets.US_ASCII));
        request.headers().set(HttpHeaderNames.HOST, "127.0.0.1");
        request.headers().set(HttpHeaderNames.CONTENT_LENGTH, "9");
        request.headers().set(HttpHeaderNames.CONNECTION, "keep-alive");
        request.headers().set(HttpHeaderNames.COOKIE, "c=3");
        stream.writeAndFlush(request);
        assertThat(answer.get(30, TimeUnit.SECONDS))
            .isEqualTo("200 yes POST /form: name=tern (c=3)");
        stream.closeFuture().sync();
      } finally {
        connection.close().sync();
        server.close().sync();
      }
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}

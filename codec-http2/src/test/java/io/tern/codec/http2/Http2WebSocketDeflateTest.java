package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.codec.http.websocket.CloseWebSocketFrame;
import io.tern.codec.http.websocket.PerMessageDeflateConfig;
import io.tern.codec.http.websocket.TextWebSocketFrame;
import io.tern.codec.http.websocket.WebSocketFrameDecoder;
import io.tern.codec.http.websocket.WebSocketHandshakeException;
import io.tern.codec.http2.Http2Peer.Frame;
import io.tern.codec.http2.internal.Http2FrameTypes;
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
import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * permessage-deflate (RFC 7692) on WebSockets over HTTP/2 streams (RFC 8441): Tern's client and
 * server over h2c on a real socket, with the WebSocket frames' first bytes read off the stream to
 * see RSV1 (the "compressed" bit) and the compressed sizes.
 */
class Http2WebSocketDeflateTest {
  private static final String MESSAGE = "compress me, ".repeat(200); // 2,600 bytes, repetitive
  private static final int FIN_RSV1_TEXT = 0x80 | 0x40 | 0x1;
  private static final int FIN_TEXT = 0x80 | 0x1;

  private final EventLoopGroup group = new MultiThreadEventLoopGroup(2, NioIoHandler.newFactory());
  private ServerChannel server;

  @AfterEach
  void stop() throws InterruptedException {
    if (server != null) {
      server.close().sync();
    }
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /**
   * Sits in front of the WebSocket frame decoder once the handshake is done, walks the WebSocket
   * frames in the stream's bytes (however the DATA frames cut them) and keeps each frame's first
   * byte (FIN, RSV1-3, opcode) and its length on the wire.
   */
  static final class WireProbe implements ChannelHandler {
    final List<Integer> firstBytes = new CopyOnWriteArrayList<>();
    final List<Integer> lengths = new CopyOnWriteArrayList<>();
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof ByteBuf b) {
        byte[] bytes = new byte[b.readableBytes()];
        b.getBytes(b.readerIndex(), bytes);
        pending.writeBytes(bytes);
        walk();
      }
      ctx.fireChannelRead(msg);
    }

    private void walk() {
      byte[] in = pending.toByteArray();
      int at = 0;
      while (in.length - at >= 2) {
        int second = in[at + 1] & 0xff;
        int len7 = second & 0x7f;
        int header = 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + ((second & 0x80) != 0 ? 4 : 0);
        if (in.length - at < header) {
          break;
        }
        long payload = len7;
        if (len7 == 126) {
          payload = (long) ((in[at + 2] & 0xff) << 8) | (in[at + 3] & 0xff);
        } else if (len7 == 127) {
          payload = 0;
          for (int i = 0; i < 8; i++) {
            payload = (payload << 8) | (in[at + 2 + i] & 0xff);
          }
        }
        if (in.length - at < header + payload) {
          break;
        }
        firstBytes.add(in[at] & 0xff);
        lengths.add((int) (header + payload));
        at += (int) (header + payload);
      }
      pending.reset();
      pending.write(in, at, in.length - at);
    }

    /** Puts itself in front of the frame decoder of {@code ctx}'s pipeline. */
    void install(ChannelHandlerContext ctx) {
      for (String name : ctx.pipeline().names()) {
        if (ctx.pipeline().get(name) instanceof WebSocketFrameDecoder) {
          ctx.pipeline().addBefore(name, null, this);
          return;
        }
      }
      throw new AssertionError("no WebSocket frame decoder in " + ctx.pipeline().names());
    }
  }

  /** Echoes text frames; answers close with close. */
  static final class Echo implements ChannelHandler {
    final WireProbe probe = new WireProbe();

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt == Http2WebSocketProtocolHandler.Event.HANDSHAKE_COMPLETE) {
        probe.install(ctx);
      }
      ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof TextWebSocketFrame t) {
        ctx.writeAndFlush(new TextWebSocketFrame(t.content().retain()));
      } else if (msg instanceof CloseWebSocketFrame) {
        ctx.writeAndFlush(new CloseWebSocketFrame(1000, "bye"));
      }
      ReferenceCountUtil.release(msg);
    }
  }

  /** The client's WebSocket handler: the texts it reads, the handshake, errors. */
  static final class Client implements ChannelHandler {
    final WireProbe probe = new WireProbe();
    final CompletableFuture<Void> handshake = new CompletableFuture<>();
    final BlockingQueue<String> texts = new LinkedBlockingQueue<>();

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt == Http2WebSocketProtocolHandler.Event.HANDSHAKE_COMPLETE) {
        probe.install(ctx);
        handshake.complete(null);
      }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof TextWebSocketFrame t) {
        texts.add(t.content().toString(StandardCharsets.UTF_8));
      }
      ReferenceCountUtil.release(msg);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      handshake.completeExceptionally(cause);
    }
  }

  private void startServer(Echo echo, PerMessageDeflateConfig deflate) throws InterruptedException {
    server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerSocketChannel::new)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    Http2FrameCodecBuilder codec = Http2FrameCodec.forServer();
                    codec.initialSettings().put(Http2Settings.ENABLE_CONNECT_PROTOCOL, 1);
                    ch.pipeline()
                        .addLast(
                            codec.build(),
                            Http2MultiplexHandler.of(
                                new ChannelInitializer<Http2StreamChannel>() {
                                  @Override
                                  protected void initChannel(Http2StreamChannel stream) {
                                    stream
                                        .pipeline()
                                        .addLast(
                                            deflate == null
                                                ? Http2WebSocketProtocolHandler.forServer(
                                                    "/ws", echo)
                                                : Http2WebSocketProtocolHandler.forServer(
                                                    "/ws", echo, deflate));
                                  }
                                }));
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
  }

  /** Connects, waits for the server's SETTINGS (extended CONNECT enabled), opens the WebSocket. */
  private Http2StreamChannel openWebSocket(Client client, PerMessageDeflateConfig deflate)
      throws Exception {
    CompletableFuture<Void> settings = new CompletableFuture<>();
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
                            Http2MultiplexHandler.forClient(),
                            new ChannelHandler() {
                              @Override
                              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                if (msg instanceof Http2SettingsFrame) {
                                  settings.complete(null);
                                }
                                ReferenceCountUtil.release(msg);
                              }
                            });
                  }
                })
            .connect(server.localAddress())
            .sync()
            .getNow();
    settings.get(30, TimeUnit.SECONDS);
    Http2WebSocketProtocolHandler handler =
        deflate == null
            ? Http2WebSocketProtocolHandler.forClient("127.0.0.1", "/ws", client)
            : Http2WebSocketProtocolHandler.forClient("127.0.0.1", "/ws", client, deflate);
    Http2StreamChannel ws =
        new Http2StreamChannelBootstrap(connection).handler(handler).open().sync().getNow();
    client.handshake.get(30, TimeUnit.SECONDS);
    return ws;
  }

  @Test
  void compressedMessagesTravelBothWaysWithRsv1Set() throws Exception {
    Echo echo = new Echo();
    startServer(echo, PerMessageDeflateConfig.defaults());
    Client client = new Client();
    Http2StreamChannel ws = openWebSocket(client, PerMessageDeflateConfig.defaults());
    try {
      for (int i = 0; i < 3; i++) {
        ws.writeAndFlush(new TextWebSocketFrame(MESSAGE + i));
        assertThat(client.texts.poll(30, TimeUnit.SECONDS)).isEqualTo(MESSAGE + i);
      }
      // What the server read and what the client read: every message compressed (RSV1), each far
      // smaller than its 2,601 bytes of text.
      assertThat(echo.probe.firstBytes).hasSize(3).containsOnly(FIN_RSV1_TEXT);
      assertThat(client.probe.firstBytes).hasSize(3).containsOnly(FIN_RSV1_TEXT);
      assertThat(echo.probe.lengths).allSatisfy(n -> assertThat(n).isLessThan(200));
      assertThat(client.probe.lengths).allSatisfy(n -> assertThat(n).isLessThan(200));
    } finally {
      ws.parent().close().sync();
    }
  }

  @Test
  void aServerWithoutDeflateLeavesTheOfferingClientUncompressed() throws Exception {
    Echo echo = new Echo();
    startServer(echo, null);
    Client client = new Client();
    Http2StreamChannel ws = openWebSocket(client, PerMessageDeflateConfig.defaults());
    try {
      ws.writeAndFlush(new TextWebSocketFrame(MESSAGE));
      assertThat(client.texts.poll(30, TimeUnit.SECONDS)).isEqualTo(MESSAGE);
      assertThat(echo.probe.firstBytes).containsExactly(FIN_TEXT);
      assertThat(client.probe.firstBytes).containsExactly(FIN_TEXT);
    } finally {
      ws.parent().close().sync();
    }
  }

  @Test
  void aClientWithoutDeflateGetsNoCompressionFromADeflateServer() throws Exception {
    Echo echo = new Echo();
    startServer(echo, PerMessageDeflateConfig.defaults());
    Client client = new Client();
    Http2StreamChannel ws = openWebSocket(client, null);
    try {
      ws.writeAndFlush(new TextWebSocketFrame(MESSAGE));
      assertThat(client.texts.poll(30, TimeUnit.SECONDS)).isEqualTo(MESSAGE);
      assertThat(echo.probe.firstBytes).containsExactly(FIN_TEXT);
      assertThat(client.probe.firstBytes).containsExactly(FIN_TEXT);
    } finally {
      ws.parent().close().sync();
    }
  }

  @Test
  void theServerAnswersTheOfferInItsTwoHundred() {
    Http2FrameCodecBuilder codec = Http2FrameCodec.forServer();
    codec.initialSettings().put(Http2Settings.ENABLE_CONNECT_PROTOCOL, 1);
    Http2MultiplexHandler mux =
        Http2MultiplexHandler.of(
            new ChannelInitializer<Http2StreamChannel>() {
              @Override
              protected void initChannel(Http2StreamChannel stream) {
                stream
                    .pipeline()
                    .addLast(
                        Http2WebSocketProtocolHandler.forServer(
                            "/ws", new Echo(), PerMessageDeflateConfig.defaults()));
              }
            });
    try (Http2Peer peer = new Http2Peer(codec.build(), mux)) {
      peer.handshake(new Http2Settings());
      peer.send(
          peer.headersFrame(
              1,
              false,
              ":method",
              "CONNECT",
              ":protocol",
              "websocket",
              ":scheme",
              "http",
              ":path",
              "/ws",
              ":authority",
              "x",
              "sec-websocket-version",
              "13",
              "sec-websocket-extensions",
              "x-unknown, permessage-deflate; client_max_window_bits"));
      List<Frame> headers =
          peer.frames().stream()
              .filter(f -> f.streamId() == 1 && f.type() == Http2FrameTypes.HEADERS)
              .toList();
      assertThat(headers).hasSize(1);
      assertThat(headers.get(0).headers())
          .contains(":status: 200", "sec-websocket-extensions: permessage-deflate");
    }
  }

  @Test
  void theClientOffersDeflateAndFailsOnAnAnswerItDidNotAllow() throws Exception {
    Http2Peer peer =
        new Http2Peer(Http2FrameCodec.forClient().build(), Http2MultiplexHandler.forClient());
    try (peer) {
      Http2Settings serverSettings = new Http2Settings();
      serverSettings.put(Http2Settings.ENABLE_CONNECT_PROTOCOL, 1);
      peer.serverHandshake(serverSettings);
      Client client = new Client();
      List<Throwable> errors = new CopyOnWriteArrayList<>();
      Http2StreamChannel ws =
          new Http2StreamChannelBootstrap(peer.channel)
              .handler(
                  new ChannelInitializer<Http2StreamChannel>() {
                    @Override
                    protected void initChannel(Http2StreamChannel stream) {
                      stream
                          .pipeline()
                          .addLast(
                              Http2WebSocketProtocolHandler.forClient(
                                  "x", "/ws", client, PerMessageDeflateConfig.defaults()),
                              new ChannelHandler() {
                                @Override
                                public void exceptionCaught(
                                    ChannelHandlerContext ctx, Throwable cause) {
                                  errors.add(cause);
                                }
                              });
                    }
                  })
              .open()
              .sync()
              .getNow();
      peer.channel.runPendingTasks();
      List<Frame> connect =
          peer.frames().stream().filter(f -> f.type() == Http2FrameTypes.HEADERS).toList();
      assertThat(connect).hasSize(1);
      assertThat(connect.get(0).headers())
          .contains(
              ":protocol: websocket",
              "sec-websocket-extensions: permessage-deflate; client_max_window_bits");

      // An answer with a parameter the offer did not allow fails the WebSocket.
      peer.send(
          peer.headersFrame(
              1,
              false,
              ":status",
              "200",
              "sec-websocket-extensions",
              "permessage-deflate; x-unknown"));
      peer.channel.runPendingTasks();
      assertThat(errors)
          .singleElement()
          .isInstanceOf(WebSocketHandshakeException.class)
          .extracting(Throwable::getMessage)
          .asString()
          .contains("permessage-deflate");
      assertThat(client.handshake).isNotDone();
      assertThat(ws.isActive()).isFalse();
      assertThat(peer.frames())
          .anySatisfy(
              f -> {
                assertThat(f.type()).isEqualTo(Http2FrameTypes.RST_STREAM);
                assertThat(f.streamId()).isEqualTo(1);
              });
    }
  }
}

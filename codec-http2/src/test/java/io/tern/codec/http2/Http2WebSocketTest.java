package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.websocket.CloseWebSocketFrame;
import io.tern.codec.http.websocket.TextWebSocketFrame;
import io.tern.codec.http.websocket.WebSocketFrame;
import io.tern.codec.http2.Http2Peer.Frame;
import io.tern.codec.http2.internal.Http2FrameTypes;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** WebSocket over HTTP/2 streams (RFC 8441) between Tern's client and server. */
class Http2WebSocketTest {
  /** Echoes text frames back; answers a close frame with one and closes. */
  static final class Echo implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof TextWebSocketFrame t) {
        ctx.writeAndFlush(new TextWebSocketFrame(t.content().retain()));
      } else if (msg instanceof CloseWebSocketFrame) {
        ctx.writeAndFlush(new CloseWebSocketFrame(1000, "bye"));
        ctx.close();
      }
      ReferenceCountUtil.release(msg);
    }
  }

  /** Keeps what it reads as text and the user events it sees. */
  static final class Recorder implements ChannelHandler {
    final List<String> texts = new CopyOnWriteArrayList<>();
    final List<Object> events = new CopyOnWriteArrayList<>();
    final List<Throwable> errors = new CopyOnWriteArrayList<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof WebSocketFrame f) {
        texts.add(f.content().toString(StandardCharsets.UTF_8));
      }
      ReferenceCountUtil.release(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      events.add(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      errors.add(cause);
    }
  }

  private static void pump(EmbeddedChannel a, EmbeddedChannel b) {
    boolean moved = true;
    while (moved) {
      moved = false;
      a.runPendingTasks();
      b.runPendingTasks();
      Object o;
      while ((o = a.readOutbound()) != null) {
        b.writeInbound(o);
        moved = true;
      }
      while ((o = b.readOutbound()) != null) {
        a.writeInbound(o);
        moved = true;
      }
    }
  }

  /** A server multiplexer whose streams run a WebSocket echo at {@code /ws}. */
  private static Http2MultiplexHandler echoServerAtWs() {
    return Http2MultiplexHandler.of(
        new ChannelInitializer<Http2StreamChannel>() {
          @Override
          protected void initChannel(Http2StreamChannel stream) {
            stream.pipeline().addLast(Http2WebSocketProtocolHandler.forServer("/ws", new Echo()));
          }
        });
  }

  private static EmbeddedChannel server(boolean connectProtocol) {
    Http2FrameCodecBuilder codec = Http2FrameCodec.forServer();
    if (connectProtocol) {
      codec.initialSettings().put(Http2Settings.ENABLE_CONNECT_PROTOCOL, 1);
    }
    return new EmbeddedChannel(codec.build(), echoServerAtWs());
  }

  private static EmbeddedChannel client() {
    return new EmbeddedChannel(
        Http2FrameCodec.forClient().build(), Http2MultiplexHandler.forClient());
  }

  @Test
  void textFramesTravelBothWaysOverOneStream() throws Exception {
    EmbeddedChannel server = server(true);
    EmbeddedChannel client = client();
    try {
      pump(client, server); // the SETTINGS, with ENABLE_CONNECT_PROTOCOL, reach the client
      Recorder recorder = new Recorder();
      Http2StreamChannel ws =
          new Http2StreamChannelBootstrap(client)
              .handler(Http2WebSocketProtocolHandler.forClient("example.com", "/ws", recorder))
              .open()
              .sync()
              .getNow();
      pump(client, server);
      assertThat(recorder.events).contains(Http2WebSocketProtocolHandler.Event.HANDSHAKE_COMPLETE);
      ws.writeAndFlush(new TextWebSocketFrame("hello over h2"));
      ws.writeAndFlush(new TextWebSocketFrame("again"));
      pump(client, server);
      assertThat(recorder.texts).containsExactly("hello over h2", "again");
      assertThat(recorder.errors).isEmpty();

      // The close handshake, then END_STREAM each way (RFC 8441's orderly close): both close.
      ws.writeAndFlush(new CloseWebSocketFrame(1000, "done"));
      pump(client, server);
      assertThat(recorder.texts).hasSize(3); // the server's close frame
      assertThat(ws.isOpen()).isTrue(); // only the server has ended its side so far
      ws.close();
      pump(client, server);
      assertThat(ws.isOpen()).isFalse();
      assertThat(ws.streamId()).isEqualTo(1);
    } finally {
      client.finishAndReleaseAll();
      server.finishAndReleaseAll();
    }
  }

  @Test
  void aClientDoesNotSendExtendedConnectUnlessTheServerEnabledIt() throws Exception {
    EmbeddedChannel server = server(false);
    EmbeddedChannel client = client();
    try {
      pump(client, server);
      Recorder recorder = new Recorder();
      Http2StreamChannel ws =
          new Http2StreamChannelBootstrap(client)
              .handler(Http2WebSocketProtocolHandler.forClient("example.com", "/ws", recorder))
              .open()
              .sync()
              .getNow();
      pump(client, server);
      assertThat(ws.isOpen()).isFalse();
      assertThat(recorder.events).isEmpty();
    } finally {
      client.finishAndReleaseAll();
      server.finishAndReleaseAll();
    }
  }

  @Test
  void theServerRefusesAnotherPathAndAcceptsItsOwn() {
    Http2FrameCodecBuilder codec = Http2FrameCodec.forServer();
    codec.initialSettings().put(Http2Settings.ENABLE_CONNECT_PROTOCOL, 1);
    try (Http2Peer peer = new Http2Peer(codec.build(), echoServerAtWs())) {
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
              "/other",
              ":authority",
              "x",
              "sec-websocket-version",
              "13"));
      peer.send(
          peer.headersFrame(
              3,
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
              "13"));
      List<Frame> frames = peer.frames();
      List<Frame> one = frames.stream().filter(f -> f.streamId() == 1).toList();
      List<Frame> three = frames.stream().filter(f -> f.streamId() == 3).toList();
      assertThat(one.get(0).headers()).contains(":status: 404");
      assertThat(one.get(0).has(Http2FrameTypes.FLAG_END_STREAM)).isTrue();
      assertThat(three.get(0).headers()).contains(":status: 200");
      assertThat(three.get(0).has(Http2FrameTypes.FLAG_END_STREAM)).isFalse();
    }
  }

  @Test
  void withoutTheSettingTheProtocolPseudoHeaderMakesTheRequestMalformed() {
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), echoServerAtWs())) {
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
              "x"));
      List<Frame> resets =
          peer.frames().stream().filter(f -> f.type() == Http2FrameTypes.RST_STREAM).toList();
      assertThat(resets).hasSize(1);
      assertThat(resets.get(0).errorCode()).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
    }
  }
}

package io.tern.codec.http.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.server.HttpServerKeepAliveHandler;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WebSocketServerHandshakeTest {
  // The RFC's own example: key dGhlIHNhbXBsZSBub25jZQ== answers s3pPLMBiTxaQ9kYGzzhZRbK+xOo=.
  private static final String KEY = "dGhlIHNhbXBsZSBub25jZQ==";

  private static String request(String path, String... extra) {
    StringBuilder sb =
        new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: example.org\r\n")
            .append("Upgrade: websocket\r\nConnection: keep-alive, Upgrade\r\n")
            .append("Sec-WebSocket-Key: " + KEY + "\r\n");
    for (String e : extra) {
      sb.append(e).append("\r\n");
    }
    return sb.append("\r\n").toString();
  }

  private static final String V13 = "Sec-WebSocket-Version: 13";

  /** Records user events and passes frames to a list. */
  static final class Recorder implements ChannelHandler {
    final List<Object> events = new ArrayList<>();

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      events.add(evt);
    }
  }

  private static EmbeddedChannel server(Recorder recorder, WebSocketServerProtocolConfig config) {
    return new EmbeddedChannel(
        new HttpServerCodec(),
        new HttpServerKeepAliveHandler(),
        new HttpObjectAggregator(8192),
        new WebSocketServerProtocolHandler(config),
        recorder);
  }

  private static String outboundText(EmbeddedChannel ch) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteBuf b;
    while ((b = ch.readOutbound()) != null) {
      byte[] a = new byte[b.readableBytes()];
      b.readBytes(a);
      b.release();
      out.writeBytes(a);
    }
    return out.toString(StandardCharsets.ISO_8859_1);
  }

  @Test
  void upgradesAndHandsTheBytesAfterTheRequestToTheFrameDecoder() {
    Recorder recorder = new Recorder();
    EmbeddedChannel ch =
        server(
            recorder,
            WebSocketServerProtocolConfig.builder("/chat").subprotocols("v2", "v1").build());
    byte[] head =
        request("/chat?room=1", V13, "Sec-WebSocket-Protocol: v0, v1, v2")
            .getBytes(StandardCharsets.US_ASCII);
    byte[] frame = WebSocketFrameCodecTest.clientBytes(new TextWebSocketFrame("first"));
    ch.writeInbound(Unpooled.wrappedBuffer(head, frame));

    String response = outboundText(ch);
    assertThat(response)
        .startsWith("HTTP/1.1 101 Switching Protocols\r\n")
        .containsIgnoringCase("upgrade: websocket")
        .containsIgnoringCase("sec-websocket-accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        .containsIgnoringCase("sec-websocket-protocol: v1");
    TextWebSocketFrame text = ch.readInbound();
    assertThat(text.text()).isEqualTo("first");
    text.release();
    assertThat(ch.pipeline().names())
        .noneMatch(n -> ch.pipeline().get(n) instanceof HttpServerCodec)
        .noneMatch(n -> ch.pipeline().get(n) instanceof HttpObjectAggregator)
        .noneMatch(n -> ch.pipeline().get(n) instanceof HttpServerKeepAliveHandler);
    assertThat(recorder.events)
        .singleElement()
        .isInstanceOfSatisfying(
            WebSocketServerProtocolHandler.HandshakeComplete.class,
            e -> {
              assertThat(e.requestUri()).isEqualTo("/chat?room=1");
              assertThat(e.subprotocol()).isEqualTo("v1");
            });
    ch.finishAndReleaseAll();
  }

  @Test
  void answersPingsAndTheCloseHandshakeThenCloses() {
    EmbeddedChannel ch = server(new Recorder(), WebSocketServerProtocolConfig.builder("/").build());
    ch.writeInbound(Unpooled.copiedBuffer(request("/", V13), StandardCharsets.US_ASCII));
    outboundText(ch);
    ch.writeInbound(
        Unpooled.wrappedBuffer(
            WebSocketFrameCodecTest.clientBytes(
                new PingWebSocketFrame(Unpooled.wrappedBuffer(new byte[] {7, 8, 9})))));
    ByteBuf pong = ch.readOutbound();
    assertThat((int) pong.getUnsignedByte(0)).isEqualTo(0x8A);
    assertThat((int) pong.getUnsignedByte(1)).isEqualTo(3);
    pong.release();
    Object none = ch.readInbound();
    assertThat(none).as("the ping was consumed").isNull();

    ch.writeInbound(
        Unpooled.wrappedBuffer(
            WebSocketFrameCodecTest.clientBytes(new CloseWebSocketFrame(4000, "done"))));
    ByteBuf close = ch.readOutbound();
    assertThat((int) close.getUnsignedByte(0)).isEqualTo(0x88);
    assertThat(close.getUnsignedShort(2)).as("the code is echoed").isEqualTo(4000);
    close.release();
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void closeSentByTheApplicationClosesTheConnectionIfThePeerNeverAnswers() {
    EmbeddedChannel ch =
        server(
            new Recorder(),
            WebSocketServerProtocolConfig.builder("/").closeTimeoutMillis(500).build());
    ch.writeInbound(Unpooled.copiedBuffer(request("/", V13), StandardCharsets.US_ASCII));
    outboundText(ch);
    ch.writeOutbound(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE));
    assertThat(outboundText(ch)).startsWith("\u0088");
    assertThat(ch.isOpen()).isTrue();
    ch.advanceTimeBy(500, TimeUnit.MILLISECONDS);
    ch.runScheduledPendingTasks();
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  @Test
  void wrongVersionIsAnswered426NamingVersion13AndHttpGoesOn() {
    EmbeddedChannel ch = server(new Recorder(), WebSocketServerProtocolConfig.builder("/").build());
    ch.writeInbound(
        Unpooled.copiedBuffer(request("/", "Sec-WebSocket-Version: 8"), StandardCharsets.US_ASCII));
    assertThat(outboundText(ch))
        .startsWith("HTTP/1.1 426 ")
        .containsIgnoringCase("sec-websocket-version: 13");
    assertThat(ch.isOpen()).isTrue();
    assertThat(ch.pipeline().names())
        .anyMatch(n -> ch.pipeline().get(n) instanceof HttpServerCodec);
    ch.finishAndReleaseAll();
  }

  @Test
  void badKeyIsAnswered400() {
    EmbeddedChannel ch = server(new Recorder(), WebSocketServerProtocolConfig.builder("/").build());
    String req = request("/", V13).replace(KEY, "c2hvcnQ=");
    ch.writeInbound(Unpooled.copiedBuffer(req, StandardCharsets.US_ASCII));
    assertThat(outboundText(ch)).startsWith("HTTP/1.1 400 ");
    ch.finishAndReleaseAll();
  }

  @Test
  void originCheckRefusesWith403() {
    EmbeddedChannel ch =
        server(
            new Recorder(),
            WebSocketServerProtocolConfig.builder("/")
                .originCheck(o -> "https://good.example".equals(o))
                .build());
    ch.writeInbound(
        Unpooled.copiedBuffer(
            request("/", V13, "Origin: https://evil.example"), StandardCharsets.US_ASCII));
    assertThat(outboundText(ch)).startsWith("HTTP/1.1 403 ");
    ch.finishAndReleaseAll();
  }

  @Test
  void otherPathsPassOnAsHttp() {
    EmbeddedChannel ch =
        server(new Recorder(), WebSocketServerProtocolConfig.builder("/ws").build());
    ch.writeInbound(
        Unpooled.copiedBuffer(
            "GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n", StandardCharsets.US_ASCII));
    Object request = ch.readInbound();
    assertThat(request).isInstanceOf(io.tern.codec.http.FullHttpRequest.class);
    ReferenceCountUtil.release(request);
    ch.finishAndReleaseAll();
  }

  @Test
  void handshakeTimeoutClosesTheConnection() {
    Recorder recorder = new Recorder();
    EmbeddedChannel ch =
        server(
            recorder,
            WebSocketServerProtocolConfig.builder("/").handshakeTimeoutMillis(1000).build());
    ch.advanceTimeBy(1000, TimeUnit.MILLISECONDS);
    ch.runScheduledPendingTasks();
    assertThat(ch.isOpen()).isFalse();
    assertThat(recorder.events).contains(WebSocketServerProtocolHandler.HandshakeTimeout.INSTANCE);
    ch.finishAndReleaseAll();
  }
}

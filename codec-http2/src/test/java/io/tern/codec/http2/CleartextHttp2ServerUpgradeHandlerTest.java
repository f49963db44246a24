package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http2.Http2Peer.Frame;
import io.tern.codec.http2.internal.Http2FrameTypes;
import io.tern.codec.http2.internal.UpgradeSettings;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CleartextHttp2ServerUpgradeHandlerTest {
  /** Records the HTTP/2 headers frames it sees, answering each request as HelloHandler does. */
  static final class Http2Recorder implements ChannelHandler {
    final List<Http2HeadersFrame> requests = new ArrayList<>();
    private final HelloHandler hello = new HelloHandler();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Http2HeadersFrame h) {
        requests.add(h);
      }
      hello.channelRead(ctx, msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }
  }

  private final Http1HelloHandler http1 = new Http1HelloHandler();
  private final Http2Recorder http2 = new Http2Recorder();

  private Http2Peer peer() {
    return new Http2Peer(
        CleartextHttp2ServerUpgradeHandler.builder().http1(http1).http2(http2).build());
  }

  private Http2Peer priorKnowledgeOnlyPeer() {
    return new Http2Peer(
        CleartextHttp2ServerUpgradeHandler.builder()
            .http1(http1)
            .http2(http2)
            .priorKnowledgeOnly()
            .build());
  }

  /** An HTTP/1.1 request head: the lines joined by CRLF, and the empty line. */
  private static String head(String... lines) {
    return String.join("\r\n", lines) + "\r\n\r\n";
  }

  private static String upgradeRequest(String path, Http2Settings settings) {
    return head(
        "GET " + path + " HTTP/1.1",
        "Host: example.test",
        "Connection: Upgrade, HTTP2-Settings",
        "Upgrade: h2c",
        "HTTP2-Settings: " + UpgradeSettings.encode(settings),
        "User-Agent: test");
  }

  private static boolean has(Http2Peer peer, Class<?> type) {
    return peer.channel.pipeline().names().stream()
        .anyMatch(n -> type.isInstance(peer.channel.pipeline().get(n)));
  }

  private static void send(Http2Peer peer, String s) {
    peer.send(Unpooled.copiedBuffer(s, StandardCharsets.ISO_8859_1));
  }

  @Test
  void priorKnowledgeGoesStraightToHttp2() {
    try (Http2Peer peer = peer()) {
      peer.handshake(new Http2Settings());
      peer.request(1, true);
      List<Frame> frames = peer.frames();
      assertThat(frames)
          .extracting(Frame::type)
          .containsExactly(Http2FrameTypes.HEADERS, Http2FrameTypes.DATA);
      assertThat(frames.get(0).headers()).contains(":status: 200");
      assertThat(has(peer, CleartextHttp2ServerUpgradeHandler.class)).isFalse();
      assertThat(has(peer, HttpServerCodec.class)).isFalse();
      assertThat(http1.paths).isEmpty();
    }
  }

  @Test
  void aPrefaceArrivingByteByByteIsStillRecognised() {
    try (Http2Peer peer = peer()) {
      for (byte b : Http2Peer.PREFACE) {
        peer.send(Unpooled.wrappedBuffer(new byte[] {b}));
      }
      peer.send(Http2Peer.settings(new Http2Settings()));
      peer.sendRaw(Http2Peer.ack());
      peer.frames();
      peer.request(1, true);
      assertThat(peer.frames()).extracting(Frame::type).contains(Http2FrameTypes.DATA);
    }
  }

  @Test
  void plainHttp1IsServedByTheHttp1Handler() {
    try (Http2Peer peer = peer()) {
      send(peer, "GET /one HTTP/1.1\r\nHost: x\r\n\r\n");
      assertThat(peer.http1Response()).startsWith("HTTP/1.1 200 OK").endsWith("hello 1 /one");
      send(peer, "GET /two HTTP/1.1\r\nHost: x\r\n\r\n");
      assertThat(peer.http1Response()).endsWith("hello 1 /two");
      assertThat(http2.requests).isEmpty();
    }
  }

  @Test
  void anHttp1RequestShorterThanThePrefaceIsNotHeldBack() {
    try (Http2Peer peer = peer()) {
      // "PRI" matches the preface's start; the next byte does not.
      send(peer, "PRI");
      assertThat(has(peer, HttpServerCodec.class)).isFalse();
      send(peer, "X / HTTP/1.1\r\nHost: x\r\n\r\n");
      assertThat(has(peer, HttpServerCodec.class)).isTrue();
    }
  }

  @Test
  void anUpgradeRequestBecomesStreamOneAndIsAnsweredOverHttp2() {
    try (Http2Peer peer = peer()) {
      send(peer, upgradeRequest("/up", new Http2Settings().maxConcurrentStreams(10)));
      String switching = peer.http1Response();
      assertThat(switching)
          .startsWith("HTTP/1.1 101 Switching Protocols")
          .containsIgnoringCase("upgrade: h2c");
      List<Frame> frames = peer.frames();
      // The server's preface (SETTINGS, the connection window) and the answer on stream 1.
      assertThat(frames.get(0).type()).isEqualTo(Http2FrameTypes.SETTINGS);
      List<Frame> stream1 = frames.stream().filter(f -> f.streamId() == 1).toList();
      assertThat(stream1)
          .extracting(Frame::type)
          .containsExactly(Http2FrameTypes.HEADERS, Http2FrameTypes.DATA);
      assertThat(stream1.get(0).headers()).contains(":status: 200");

      Http2HeadersFrame request = http2.requests.get(0);
      assertThat(request.streamId()).isEqualTo(1);
      assertThat(request.endStream()).isTrue();
      assertThat(request.headers().method().toString()).isEqualTo("GET");
      assertThat(request.headers().path().toString()).isEqualTo("/up");
      assertThat(request.headers().authority().toString()).isEqualTo("example.test");
      assertThat(request.headers().get("user-agent").toString()).isEqualTo("test");
      assertThat(request.headers().contains("http2-settings")).isFalse();
      assertThat(request.headers().contains("upgrade")).isFalse();
      assertThat(http1.paths).isEmpty();
      assertThat(has(peer, HttpServerCodec.class)).isFalse();
      assertThat(has(peer, Http1HelloHandler.class)).isFalse();

      // The client's preface follows the 101; the connection then serves new streams.
      peer.handshake(new Http2Settings());
      peer.request(3, true);
      assertThat(peer.frames().stream().filter(f -> f.streamId() == 3))
          .extracting(Frame::type)
          .containsExactly(Http2FrameTypes.HEADERS, Http2FrameTypes.DATA);
      assertThat(peer.channel.isOpen()).isTrue();
    }
  }

  @Test
  void framesOnStreamOneAfterTheUpgradeAreAccepted() {
    try (Http2Peer peer = peer()) {
      send(peer, upgradeRequest("/", new Http2Settings()));
      peer.http1Response();
      peer.handshake(new Http2Settings());
      // Stream 1 is half-closed (remote) and answered: a WINDOW_UPDATE on it is no error.
      peer.send(Http2Peer.windowUpdate(1, 100));
      assertThat(peer.frames()).extracting(Frame::type).doesNotContain(Http2FrameTypes.GOAWAY);
      assertThat(peer.channel.isOpen()).isTrue();
    }
  }

  @Test
  void withPriorKnowledgeOnlyAnUpgradeRequestIsServedOverHttp1() {
    try (Http2Peer peer = priorKnowledgeOnlyPeer()) {
      send(peer, upgradeRequest("/up", new Http2Settings()));
      assertThat(peer.http1Response()).startsWith("HTTP/1.1 200 OK").endsWith("hello 1 /up");
      assertThat(http2.requests).isEmpty();
      // No handler watches for upgrades between the codec and the HTTP/1.1 handler.
      assertThat(
              peer.channel.pipeline().names().stream()
                  .map(n -> peer.channel.pipeline().get(n).getClass().getSimpleName()))
          .doesNotContain("H2cUpgradeHandler")
          .contains("HttpServerCodec");
    }
  }

  @Test
  void withPriorKnowledgeOnlyThePrefaceStillGoesToHttp2() {
    try (Http2Peer peer = priorKnowledgeOnlyPeer()) {
      peer.handshake(new Http2Settings());
      peer.request(1, true);
      assertThat(peer.frames())
          .extracting(Frame::type)
          .containsExactly(Http2FrameTypes.HEADERS, Http2FrameTypes.DATA);
      assertThat(has(peer, HttpServerCodec.class)).isFalse();
    }
  }

  @Test
  void anUpgradeWithContentIsServedOverHttp1() {
    try (Http2Peer peer = peer()) {
      String request =
          head(
                  "POST /form HTTP/1.1",
                  "Host: x",
                  "Connection: Upgrade, HTTP2-Settings",
                  "Upgrade: h2c",
                  "HTTP2-Settings: ",
                  "Content-Length: 3")
              + "abc";
      send(peer, request);
      assertThat(peer.http1Response()).startsWith("HTTP/1.1 200 OK").endsWith("hello 1 /form");
      assertThat(http2.requests).isEmpty();
    }
  }

  @Test
  void anUpgradeWithBadSettingsIsServedOverHttp1() {
    try (Http2Peer peer = peer()) {
      String request =
          head(
              "GET /bad HTTP/1.1",
              "Host: x",
              "Connection: Upgrade, HTTP2-Settings",
              "Upgrade: h2c",
              "HTTP2-Settings: AAQ");
      send(peer, request);
      assertThat(peer.http1Response()).startsWith("HTTP/1.1 200 OK").endsWith("hello 1 /bad");
      assertThat(http2.requests).isEmpty();
    }
  }

  @Test
  void upgradeSettingsRoundTrip() {
    Http2Settings s = new Http2Settings().maxConcurrentStreams(7).initialWindowSize(1 << 20);
    Http2Settings back = UpgradeSettings.decode(UpgradeSettings.encode(s));
    assertThat(back.maxConcurrentStreams()).isEqualTo(7L);
    assertThat(back.initialWindowSize()).isEqualTo(1 << 20);
  }
}

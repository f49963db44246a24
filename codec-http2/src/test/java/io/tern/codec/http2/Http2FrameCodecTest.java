package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.Http2Peer.Frame;
import io.tern.codec.http2.internal.Http2FrameTypes;
import io.tern.codec.http2.internal.Http2FrameWriter;
import io.tern.codec.http2.internal.Http2OutboundFlow;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class Http2FrameCodecTest {
  private static Http2Peer server() {
    return new Http2Peer(Http2FrameCodec.forServer().build(), new HelloHandler());
  }

  private static List<Frame> ofType(List<Frame> frames, int type) {
    return frames.stream().filter(f -> f.type() == type).toList();
  }

  @Test
  void answersARequestAfterThePreface() {
    try (Http2Peer peer = server()) {
      peer.handshake(new Http2Settings());
      peer.request(1, true);
      List<Frame> frames = peer.frames();
      assertThat(frames)
          .extracting(Frame::type)
          .containsExactly(Http2FrameTypes.HEADERS, Http2FrameTypes.DATA);
      assertThat(frames.get(0).headers()).contains(":status: 200");
      assertThat(new String(frames.get(1).payload(), StandardCharsets.US_ASCII))
          .isEqualTo("Hello, World!");
      assertThat(frames.get(1).has(Http2FrameTypes.FLAG_END_STREAM)).isTrue();
    }
  }

  @Test
  void aBadPrefaceGetsGoAwayAndClose() {
    try (Http2Peer peer = server()) {
      peer.send(Unpooled.copiedBuffer("GET / HTTP/1.1", StandardCharsets.US_ASCII));
      List<Frame> goAway = ofType(peer.frames(), Http2FrameTypes.GOAWAY);
      assertThat(goAway).hasSize(1);
      assertThat(goAway.get(0).errorCode()).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
      assertThat(peer.channel.isOpen()).isFalse();
    }
  }

  @Test
  void thePrefaceMayArriveByteByByte() {
    try (Http2Peer peer = server()) {
      for (byte b : Http2Peer.PREFACE) {
        peer.send(Unpooled.wrappedBuffer(new byte[] {b}));
      }
      peer.send(Http2Peer.settings(new Http2Settings()));
      assertThat(ofType(peer.frames(), Http2FrameTypes.SETTINGS)).hasSize(2); // ours, the ack
      assertThat(peer.channel.isOpen()).isTrue();
    }
  }

  @Test
  void theFirstFrameMustBeSettings() {
    try (Http2Peer peer = server()) {
      ByteBuf b = Unpooled.wrappedBuffer(Http2Peer.PREFACE);
      peer.send(b);
      peer.send(Http2Peer.ping(1));
      assertThat(ofType(peer.frames(), Http2FrameTypes.GOAWAY)).hasSize(1);
      assertThat(peer.channel.isOpen()).isFalse();
    }
  }

  @Test
  void settingsNotAcknowledgedInTimeEndTheConnection() {
    try (Http2Peer peer = server()) {
      ByteBuf b = Unpooled.buffer().writeBytes(Http2Peer.PREFACE);
      Http2FrameWriter.settings(b, new Http2Settings());
      peer.send(b);
      peer.frames();
      peer.channel.advanceTimeBy(11, TimeUnit.SECONDS);
      peer.channel.runScheduledPendingTasks();
      List<Frame> goAway = ofType(peer.frames(), Http2FrameTypes.GOAWAY);
      assertThat(goAway).hasSize(1);
      assertThat(goAway.get(0).errorCode()).isEqualTo(Http2Error.SETTINGS_TIMEOUT.code());
    }
  }

  @Test
  void answersPings() {
    try (Http2Peer peer = server()) {
      peer.handshake(new Http2Settings());
      peer.send(Http2Peer.ping(0x0102030405060708L));
      Frame ack = peer.frames().get(0);
      assertThat(ack.type()).isEqualTo(Http2FrameTypes.PING);
      assertThat(ack.has(Http2FrameTypes.FLAG_ACK)).isTrue();
      assertThat(ack.payload()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
    }
  }

  @Test
  void refusesStreamsAboveTheConcurrencyLimit() {
    try (Http2Peer peer =
        new Http2Peer(
            Http2FrameCodec.forServer()
                .initialSettings(new Http2Settings().maxConcurrentStreams(2))
                .build(),
            new Sink())) {
      peer.handshake(new Http2Settings());
      peer.request(1, false);
      peer.request(3, false);
      peer.request(5, false);
      List<Frame> rst = ofType(peer.frames(), Http2FrameTypes.RST_STREAM);
      assertThat(rst).hasSize(1);
      assertThat(rst.get(0).streamId()).isEqualTo(5);
      assertThat(rst.get(0).errorCode()).isEqualTo(Http2Error.REFUSED_STREAM.code());
    }
  }

  @Test
  void dataBeyondTheStreamWindowIsAStreamError() {
    try (Http2Peer peer =
        new Http2Peer(
            Http2FrameCodec.forServer()
                .initialSettings(new Http2Settings().initialWindowSize(100))
                .build(),
            new Sink())) {
      peer.handshake(new Http2Settings());
      peer.request(1, false);
      peer.send(Http2Peer.data(1, false, 101));
      List<Frame> rst = ofType(peer.frames(), Http2FrameTypes.RST_STREAM);
      assertThat(rst).hasSize(1);
      assertThat(rst.get(0).errorCode()).isEqualTo(Http2Error.FLOW_CONTROL_ERROR.code());
    }
  }

  @Test
  void returnsReceivedBytesWithWindowUpdatesAtHalfTheWindow() {
    try (Http2Peer peer =
        new Http2Peer(
            Http2FrameCodec.forServer()
                .initialSettings(new Http2Settings().initialWindowSize(1000))
                .build(),
            new Sink())) {
      peer.handshake(new Http2Settings());
      peer.request(1, false);
      peer.send(Http2Peer.data(1, false, 400));
      assertThat(ofType(peer.frames(), Http2FrameTypes.WINDOW_UPDATE)).isEmpty();
      peer.send(Http2Peer.data(1, false, 200));
      List<Frame> updates = ofType(peer.frames(), Http2FrameTypes.WINDOW_UPDATE);
      assertThat(updates).extracting(Frame::streamId).containsExactly(1);
      assertThat(updates.get(0).errorCode()).isEqualTo(600); // the increment
    }
  }

  @Test
  void sharesTheConnectionWindowFairlyBetweenStreams() {
    try (Http2Peer peer =
        new Http2Peer(Http2FrameCodec.forServer().build(), new BigResponder(100_000))) {
      peer.handshake(new Http2Settings().initialWindowSize(1 << 20));
      ByteBuf both = peer.headersFrame(1, true, Http2Peer.get("/"));
      ByteBuf second = peer.headersFrame(3, true, Http2Peer.get("/"));
      both.writeBytes(second);
      second.release();
      peer.send(both);
      // The connection window (65,535) runs out with both streams served in turns.
      List<Frame> data = ofType(peer.frames(), Http2FrameTypes.DATA);
      long one =
          data.stream().filter(f -> f.streamId() == 1).mapToLong(f -> f.payload().length).sum();
      long three =
          data.stream().filter(f -> f.streamId() == 3).mapToLong(f -> f.payload().length).sum();
      assertThat(one + three).isEqualTo(65_535);
      assertThat(Math.abs(one - three)).isLessThanOrEqualTo(Http2OutboundFlow.QUANTUM);
      peer.send(Http2Peer.windowUpdate(0, 1 << 20));
      data = ofType(peer.frames(), Http2FrameTypes.DATA);
      assertThat(data.stream().filter(f -> f.has(Http2FrameTypes.FLAG_END_STREAM))).hasSize(2);
    }
  }

  @Test
  void malformedRequestsAreReset() {
    String[][] bad = {
      {":method", "GET", ":scheme", "http", ":path", "/", "Upper", "x"},
      {":method", "GET", ":scheme", "http", ":path", "/", "connection", "close"},
      {":method", "GET", ":scheme", "http", ":path", "/", "te", "gzip"},
      {":method", "GET", ":scheme", "http", "x", "y", ":path", "/"},
      {":method", "GET", ":scheme", "http", ":path", "/", ":status", "200"},
      {":method", "GET", ":scheme", "http"},
      {":method", "GET", ":scheme", "http", ":path", "/", "x", " padded"},
    };
    try (Http2Peer peer = server()) {
      peer.handshake(new Http2Settings());
      int id = 1;
      for (String[] headers : bad) {
        peer.send(peer.headersFrame(id, true, headers));
        List<Frame> rst = ofType(peer.frames(), Http2FrameTypes.RST_STREAM);
        assertThat(rst).as(String.join(",", headers)).hasSize(1);
        assertThat(rst.get(0).errorCode()).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
        id += 2;
      }
      peer.inbound().forEach(ReferenceCountUtil::release);
    }
  }

  @Test
  void contentLengthMustMatchTheData() {
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), new Sink())) {
      peer.handshake(new Http2Settings());
      String[] h = {":method", "POST", ":scheme", "http", ":path", "/", "content-length", "5"};
      peer.send(peer.headersFrame(1, false, h));
      peer.send(Http2Peer.data(1, true, 4));
      List<Frame> rst = ofType(peer.frames(), Http2FrameTypes.RST_STREAM);
      assertThat(rst).hasSize(1);
      assertThat(rst.get(0).errorCode()).isEqualTo(Http2Error.PROTOCOL_ERROR.code());
    }
  }

  @Test
  void closingSendsGoAway() {
    try (Http2Peer peer = server()) {
      peer.handshake(new Http2Settings());
      peer.request(1, true);
      peer.frames();
      peer.channel.close();
      List<Frame> goAway = ofType(peer.frames(), Http2FrameTypes.GOAWAY);
      assertThat(goAway).hasSize(1);
      assertThat(goAway.get(0).errorCode()).isEqualTo(Http2Error.NO_ERROR.code());
    }
  }

  @Test
  void aClientOpensStreamsWithOddIdsAndReadsTheResponse() {
    try (Http2Peer server = server();
        Http2Peer client = new Http2Peer(Http2FrameCodec.forClient().build())) {
      Http2Headers request =
          new Http2Headers().method("GET").scheme("http").path("/").authority("x");
      client.channel.writeOutbound(new Http2HeadersFrame(0, request, true));
      client.channel.writeOutbound(new Http2HeadersFrame(0, request.copy(), true));
      // Shuttle bytes both ways until quiet.
      for (int round = 0; round < 5; round++) {
        shuttle(client, server);
        shuttle(server, client);
      }
      List<Object> got = client.inbound();
      long responses = got.stream().filter(o -> o instanceof Http2HeadersFrame).count();
      assertThat(responses).isEqualTo(2);
      assertThat(got.stream().filter(o -> o instanceof Http2HeadersFrame))
          .extracting(o -> ((Http2HeadersFrame) o).streamId())
          .containsExactly(1, 3);
      got.forEach(ReferenceCountUtil::release);
    }
  }

  private static void shuttle(Http2Peer from, Http2Peer to) {
    from.channel.runPendingTasks();
    Object o;
    while ((o = from.channel.readOutbound()) != null) {
      to.send((ByteBuf) o);
    }
  }

  /** Reads and drops everything. */
  private static final class Sink implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ReferenceCountUtil.release(msg);
    }
  }

  /** Answers each request with a body of a given size. */
  private static final class BigResponder implements ChannelHandler {
    private final int size;

    BigResponder(int size) {
      this.size = size;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Http2HeadersFrame h && h.endStream()) {
        ctx.write(new Http2HeadersFrame(h.streamId(), new Http2Headers().status("200"), false));
        ctx.write(new Http2DataFrame(h.streamId(), Unpooled.buffer(size).writeZero(size), true));
      }
      ReferenceCountUtil.release(msg);
    }
  }
}

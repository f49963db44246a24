package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.Http2Peer.Frame;
import io.tern.codec.http2.internal.Http2FrameTypes;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each abuse limit: its default holds a flood off with GOAWAY, and legitimate use stays below it.
 */
class Http2AbuseLimitsTest {
  private static Http2Peer server(Http2Limits limits, ChannelHandler... before) {
    List<ChannelHandler> handlers = new ArrayList<>(List.of(before));
    handlers.add(Http2FrameCodec.forServer().limits(limits).build());
    handlers.add(new HelloHandler());
    Http2Peer peer = new Http2Peer(handlers.toArray(new ChannelHandler[0]));
    peer.handshake(new Http2Settings());
    return peer;
  }

  private static void append(ByteBuf b, ByteBuf frame) {
    b.writeBytes(frame);
    frame.release();
  }

  private static Frame goAway(List<Frame> frames) {
    return frames.stream().filter(f -> f.type() == Http2FrameTypes.GOAWAY).findFirst().orElse(null);
  }

  private static void assertCalm(Http2Peer peer) {
    Frame g = goAway(peer.frames());
    assertThat(g).as("GOAWAY").isNotNull();
    assertThat(g.errorCode()).isEqualTo(Http2Error.ENHANCE_YOUR_CALM.code());
    assertThat(peer.channel.isOpen()).isFalse();
  }

  @Test
  void rapidResetEndsTheConnection() {
    try (Http2Peer peer = server(Http2Limits.DEFAULT.withMaxResetsPerWindow(10))) {
      for (int i = 0; i < 11; i++) {
        int id = 1 + 2 * i;
        peer.request(id, false);
        peer.send(Http2Peer.rst(id, Http2Error.CANCEL));
      }
      assertCalm(peer);
      peer.inbound().forEach(ReferenceCountUtil::release);
    }
  }

  @Test
  void resetsBelowTheLimitAreServed() {
    try (Http2Peer peer = server(Http2Limits.DEFAULT.withMaxResetsPerWindow(10))) {
      for (int i = 0; i < 10; i++) {
        int id = 1 + 2 * i;
        peer.request(id, false);
        peer.send(Http2Peer.rst(id, Http2Error.CANCEL));
      }
      assertThat(goAway(peer.frames())).isNull();
      assertThat(peer.channel.isOpen()).isTrue();
      peer.inbound().forEach(ReferenceCountUtil::release);
    }
  }

  @Test
  void madeYouResetEndsTheConnection() {
    // Each WINDOW_UPDATE of 0 on an open stream is a stream error this side answers with a reset;
    // provoking many of them is CVE-2025-8671.
    Http2Limits limits = Http2Limits.DEFAULT.withMaxProvokedResetsPerWindow(5);
    try (Http2Peer peer = server(limits)) {
      for (int i = 0; i < 6; i++) {
        int id = 1 + 2 * i;
        peer.request(id, false);
        peer.send(Http2Peer.windowUpdate(id, 0));
      }
      // Every provoked reset is answered until the limit.
      List<Frame> frames = peer.frames();
      assertThat(frames.stream().filter(f -> f.type() == Http2FrameTypes.RST_STREAM)).hasSize(5);
      Frame g = goAway(frames);
      assertThat(g).isNotNull();
      assertThat(g.errorCode()).isEqualTo(Http2Error.ENHANCE_YOUR_CALM.code());
      peer.inbound().forEach(ReferenceCountUtil::release);
    }
  }

  @Test
  void continuationFloodEndsTheConnection() {
    try (Http2Peer peer = server(Http2Limits.DEFAULT)) {
      // HEADERS without END_HEADERS, then empty CONTINUATION frames without end.
      ByteBuf b = Http2Peer.frame(Http2FrameTypes.HEADERS, 0, 1, (byte) 0x82);
      for (int i = 0; i < 40; i++) {
        append(b, Http2Peer.frame(Http2FrameTypes.CONTINUATION, 0, 1));
      }
      peer.send(b);
      assertCalm(peer);
    }
  }

  @Test
  void emptyDataFloodEndsTheConnection() {
    try (Http2Peer peer = server(Http2Limits.DEFAULT)) {
      peer.request(1, false);
      ByteBuf b = Unpooled.buffer();
      for (int i = 0; i < 33; i++) {
        append(b, Http2Peer.data(1, false, 0));
      }
      peer.send(b);
      assertCalm(peer);
      peer.inbound().forEach(ReferenceCountUtil::release);
    }
  }

  @Test
  void zeroWindowUpdateFloodEndsTheConnection() {
    try (Http2Peer peer = server(Http2Limits.DEFAULT)) {
      // On closed streams they are not even stream errors, but they still cost work.
      peer.request(1, true);
      ByteBuf b = Unpooled.buffer();
      for (int i = 0; i < 33; i++) {
        append(b, Http2Peer.windowUpdate(1, 0));
      }
      peer.send(b);
      assertCalm(peer);
      peer.inbound().forEach(ReferenceCountUtil::release);
    }
  }

  @Test
  void settingsFloodEndsTheConnection() {
    try (Http2Peer peer = server(Http2Limits.DEFAULT)) {
      ByteBuf b = Unpooled.buffer();
      for (int i = 0; i < 101; i++) {
        append(b, Http2Peer.settings(new Http2Settings()));
      }
      peer.send(b);
      assertCalm(peer);
      peer.inbound().forEach(ReferenceCountUtil::release);
    }
  }

  @Test
  void pingFloodEndsTheConnection() {
    try (Http2Peer peer = server(Http2Limits.DEFAULT)) {
      ByteBuf b = Unpooled.buffer();
      for (int i = 0; i < 101; i++) {
        append(b, Http2Peer.ping(i));
      }
      peer.send(b);
      List<Frame> frames = peer.frames();
      assertThat(frames.stream().filter(f -> f.type() == Http2FrameTypes.PING)).hasSize(100);
      assertThat(goAway(frames).errorCode()).isEqualTo(Http2Error.ENHANCE_YOUR_CALM.code());
    }
  }

  /** Holds every write without completing it: a peer that does not read. */
  private static final class Stalled implements ChannelHandler {
    final List<Object> held = new ArrayList<>();
    boolean stall;

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      if (stall) {
        held.add(msg);
      } else {
        ctx.write(msg, promise);
      }
    }
  }

  @Test
  void tooManyQueuedControlFramesEndTheConnection() {
    Stalled stalled = new Stalled();
    Http2Limits limits = Http2Limits.DEFAULT.withMaxQueuedControlFrames(50);
    try (Http2Peer peer = server(limits, stalled)) {
      stalled.stall = true;
      // Pings below the ping limit, each acknowledged into a socket nobody drains.
      for (int i = 0; i < 60 && peer.channel.isOpen(); i++) {
        peer.send(Http2Peer.ping(i));
      }
      assertThat(peer.channel.isOpen()).isFalse();
      stalled.held.forEach(ReferenceCountUtil::release);
    }
  }

  @Test
  void queuedControlFramesThatAreSentDoNotCount() {
    Http2Limits limits = Http2Limits.DEFAULT.withMaxQueuedControlFrames(50);
    try (Http2Peer peer = server(limits)) {
      for (int i = 0; i < 60; i++) {
        peer.send(Http2Peer.ping(i));
      }
      assertThat(peer.channel.isOpen()).isTrue();
      assertThat(peer.frames()).hasSize(60);
    }
  }
}

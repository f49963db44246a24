package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.Http2Peer.Frame;
import io.tern.codec.http2.internal.Http2FrameTypes;
import io.tern.codec.http2.internal.Http2FrameWriter;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.WriteBufferWaterMark;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** A codec and a multiplexer in an {@link io.tern.transport.embedded.EmbeddedChannel}. */
class Http2MultiplexHandlerTest {
  private static final String[] POST = {
    ":method", "POST", ":scheme", "http", ":path", "/", ":authority", "x"
  };

  private static ChannelInitializer<Http2StreamChannel> init(Consumer<Http2StreamChannel> setup) {
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(Http2StreamChannel ch) {
        setup.accept(ch);
      }
    };
  }

  private static ByteBuf data(int streamId, String text, boolean endStream) {
    byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.dataHeader(b, streamId, bytes.length, 0, endStream);
    b.writeBytes(bytes);
    return b;
  }

  private static ByteBuf goAway(int lastStreamId, Http2Error error) {
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.frameHeader(b, 8, Http2FrameTypes.GOAWAY, 0, 0);
    b.writeInt(lastStreamId);
    b.writeInt((int) error.code());
    return b;
  }

  /** DATA payloads by stream, in order. */
  private static Map<Integer, String> bodies(List<Frame> frames) {
    Map<Integer, String> bodies = new LinkedHashMap<>();
    for (Frame f : frames) {
      if (f.type() == Http2FrameTypes.DATA) {
        bodies.merge(
            f.streamId(), new String(f.payload(), StandardCharsets.US_ASCII), String::concat);
      }
    }
    return bodies;
  }

  private static List<Frame> ofType(List<Frame> frames, int type, int streamId) {
    return frames.stream().filter(f -> f.type() == type && f.streamId() == streamId).toList();
  }

  private static Http2Headers get(String path) {
    return new Http2Headers().method("GET").scheme("http").path(path).authority("x");
  }

  // ---------------------------------------------------------------------------------------------
  // Server side

  @Test
  void eachStreamGetsItsOwnChannelOnTheConnectionsLoop() {
    List<Http2StreamChannel> streams = new ArrayList<>();
    List<Object> remoteAddresses = new ArrayList<>();
    Http2MultiplexHandler mux =
        Http2MultiplexHandler.of(
            init(
                ch -> {
                  streams.add(ch);
                  remoteAddresses.add(ch.remoteAddress());
                  ch.pipeline().addLast(new EchoStreamHandler());
                }));
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), mux)) {
      peer.handshake(new Http2Settings());
      peer.request(1, true);
      peer.request(3, true);
      peer.request(5, true);
      List<Frame> frames = peer.frames();

      assertThat(bodies(frames))
          .containsEntry(1, "stream 1: ")
          .containsEntry(3, "stream 3: ")
          .containsEntry(5, "stream 5: ");
      for (int id : new int[] {1, 3, 5}) {
        assertThat(ofType(frames, Http2FrameTypes.HEADERS, id)).hasSize(1);
        assertThat(ofType(frames, Http2FrameTypes.HEADERS, id).get(0).headers())
            .contains(":status: 200");
      }
      assertThat(streams).extracting(Http2StreamChannel::streamId).containsExactly(1, 3, 5);
      assertThat(streams)
          .allSatisfy(
              ch -> {
                assertThat(ch.parent()).isSameAs(peer.channel);
                assertThat(ch.eventLoop()).isSameAs(peer.channel.eventLoop());
                assertThat(ch.alloc()).isSameAs(peer.channel.alloc());
                // Both sides ended the stream: the channel closed after its pipeline read it all.
                assertThat(ch.isActive()).isFalse();
                assertThat(ch.closeFuture().isDone()).isTrue();
              });
      assertThat(remoteAddresses).containsOnly(peer.channel.remoteAddress());
      assertThat(mux.streamChannels()).isZero();
    }
  }

  @Test
  void manyConcurrentStreamsKeepTheirOwnPipelines() {
    int count = 64;
    Set<ChannelHandler> handlers = new HashSet<>();
    Http2MultiplexHandler mux =
        Http2MultiplexHandler.of(
            init(
                ch -> {
                  EchoStreamHandler h = new EchoStreamHandler();
                  handlers.add(h);
                  ch.pipeline().addLast(h);
                }));
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), mux)) {
      peer.handshake(new Http2Settings());
      for (int i = 0; i < count; i++) {
        peer.send(peer.headersFrame(2 * i + 1, false, POST));
      }
      assertThat(mux.streamChannels()).isEqualTo(count);
      // The bodies arrive interleaved: three pieces per stream, round by round.
      for (int round = 0; round < 3; round++) {
        ByteBuf batch = Unpooled.buffer();
        for (int i = 0; i < count; i++) {
          int id = 2 * i + 1;
          ByteBuf piece = data(id, round + "/" + id + ";", round == 2);
          batch.writeBytes(piece);
          piece.release();
        }
        peer.send(batch);
      }
      Map<Integer, String> bodies = bodies(peer.frames());
      for (int i = 0; i < count; i++) {
        int id = 2 * i + 1;
        assertThat(bodies.get(id))
            .isEqualTo("stream " + id + ": 0/" + id + ";1/" + id + ";2/" + id + ";");
      }
      assertThat(handlers).hasSize(count);
      assertThat(mux.streamChannels()).isZero();
    }
  }

  @Test
  void receivedDataReturnsWindowOnlyOnceTheStreamChannelReadsIt() {
    AtomicReference<Http2StreamChannel> stream = new AtomicReference<>();
    List<String> read = new ArrayList<>();
    Http2FrameCodecBuilder codec = Http2FrameCodec.forServer();
    codec.initialSettings().initialWindowSize(16_384);
    Http2MultiplexHandler mux =
        Http2MultiplexHandler.of(
            init(
                ch -> {
                  stream.set(ch);
                  ch.config().autoRead(false);
                  ch.pipeline()
                      .addLast(
                          new ChannelHandler() {
                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                              read.add(((Http2Frame) msg).name());
                              ReferenceCountUtil.release(msg);
                            }
                          });
                }));
    try (Http2Peer peer = new Http2Peer(codec.build(), mux)) {
      peer.handshake(new Http2Settings());
      peer.send(peer.headersFrame(1, false, POST));
      peer.send(Http2Peer.data(1, false, 16_384)); // the whole stream window
      List<Frame> frames = peer.frames();
      assertThat(ofType(frames, Http2FrameTypes.WINDOW_UPDATE, 1)).isEmpty();
      assertThat(read).isEmpty();

      stream.get().read(); // auto-read off: one frame per read()
      frames = peer.frames();
      assertThat(read).containsExactly("HEADERS");
      assertThat(ofType(frames, Http2FrameTypes.WINDOW_UPDATE, 1)).isEmpty();

      stream.get().read();
      frames = peer.frames();
      assertThat(read).containsExactly("HEADERS", "DATA");
      List<Frame> updates = ofType(frames, Http2FrameTypes.WINDOW_UPDATE, 1);
      assertThat(updates).hasSize(1);
      assertThat(updates.get(0).errorCode()).isEqualTo(16_384); // the increment
    }
  }

  @Test
  void framesLeftUnreadAreReleasedAndReturnedWhenTheStreamChannelCloses() {
    AtomicReference<Http2StreamChannel> stream = new AtomicReference<>();
    Http2MultiplexHandler mux =
        Http2MultiplexHandler.of(
            init(
                ch -> {
                  stream.set(ch);
                  ch.config().autoRead(false);
                }));
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), mux)) {
      peer.handshake(new Http2Settings());
      peer.send(peer.headersFrame(1, false, POST));
      peer.send(Http2Peer.data(1, false, 1000));
      peer.send(Http2Peer.data(1, false, 1000));
      peer.frames();
      stream.get().close();
      List<Frame> frames = peer.frames();
      assertThat(ofType(frames, Http2FrameTypes.RST_STREAM, 1)).hasSize(1);
      assertThat(ofType(frames, Http2FrameTypes.RST_STREAM, 1).get(0).errorCode())
          .isEqualTo(Http2Error.CANCEL.code());
      // The leak detector (PARANOID) checks that the two queued DATA frames were released.
    }
  }

  @Test
  void aResetFromThePeerReachesTheStreamChannelAndClosesIt() {
    AtomicReference<Http2StreamChannel> stream = new AtomicReference<>();
    ResponseCollector collector = new ResponseCollector();
    Http2MultiplexHandler mux =
        Http2MultiplexHandler.of(
            init(
                ch -> {
                  stream.set(ch);
                  ch.pipeline().addLast(collector);
                }));
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), mux)) {
      peer.handshake(new Http2Settings());
      peer.request(1, false);
      assertThat(stream.get().isActive()).isTrue();
      peer.send(Http2Peer.rst(1, Http2Error.CANCEL));
      peer.frames();
      assertThat(collector.events)
          .containsExactly(new Http2ResetFrame(1, Http2Error.CANCEL.code()));
      assertThat(stream.get().isActive()).isFalse();
      assertThat(mux.streamChannels()).isZero();
    }
  }

  @Test
  void closingTheStreamChannelResetsItsStream() {
    Http2MultiplexHandler mux =
        Http2MultiplexHandler.of(
            init(
                ch ->
                    ch.pipeline()
                        .addLast(
                            new ChannelHandler() {
                              @Override
                              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                ReferenceCountUtil.release(msg);
                                ctx.close();
                              }
                            })));
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), mux)) {
      peer.handshake(new Http2Settings());
      peer.request(1, false);
      List<Frame> frames = peer.frames();
      assertThat(ofType(frames, Http2FrameTypes.RST_STREAM, 1)).hasSize(1);
      assertThat(ofType(frames, Http2FrameTypes.RST_STREAM, 1).get(0).errorCode())
          .isEqualTo(Http2Error.CANCEL.code());
      assertThat(peer.channel.isActive()).isTrue(); // the connection goes on
      assertThat(mux.streamChannels()).isZero();
    }
  }

  @Test
  void theConnectionClosingClosesEveryStreamChannel() {
    List<Http2StreamChannel> streams = new ArrayList<>();
    List<String> events = new ArrayList<>();
    Http2MultiplexHandler mux =
        Http2MultiplexHandler.of(
            init(
                ch -> {
                  streams.add(ch);
                  ch.pipeline()
                      .addLast(
                          new ChannelHandler() {
                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                              ReferenceCountUtil.release(msg);
                            }

                            @Override
                            public void channelInactive(ChannelHandlerContext ctx) {
                              events.add(
                                  "inactive " + ((Http2StreamChannel) ctx.channel()).streamId());
                            }
                          });
                }));
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), mux)) {
      peer.handshake(new Http2Settings());
      peer.request(1, false);
      peer.request(3, false);
      peer.send(peer.headersFrame(5, false, POST));
      peer.send(Http2Peer.data(5, false, 100));
      peer.channel.close();
      peer.channel.runPendingTasks();
      assertThat(streams).hasSize(3).allSatisfy(ch -> assertThat(ch.isOpen()).isFalse());
      assertThat(events).containsExactlyInAnyOrder("inactive 1", "inactive 3", "inactive 5");
      assertThat(mux.streamChannels()).isZero();
    }
  }

  @Test
  void dataBeyondTheStreamWindowWaitsInTheStreamChannelAndMakesItUnwritable() {
    List<Boolean> writability = new ArrayList<>();
    Http2MultiplexHandler mux =
        Http2MultiplexHandler.of(
            init(
                ch -> {
                  ch.config()
                      .setOption(
                          ChannelOption.WRITE_BUFFER_WATER_MARK,
                          new WriteBufferWaterMark(512, 2048));
                  ch.pipeline()
                      .addLast(
                          new ChannelHandler() {
                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                              ReferenceCountUtil.release(msg);
                              ctx.write(
                                  new Http2HeadersFrame(new Http2Headers().status("200"), false));
                              ByteBuf body = ctx.alloc().buffer(4096).writeZero(4096);
                              ctx.writeAndFlush(new Http2DataFrame(body, true));
                            }

                            @Override
                            public void channelWritabilityChanged(ChannelHandlerContext ctx) {
                              writability.add(ctx.channel().isWritable());
                            }
                          });
                }));
    try (Http2Peer peer = new Http2Peer(Http2FrameCodec.forServer().build(), mux)) {
      peer.handshake(new Http2Settings().initialWindowSize(1024)); // what Tern may send per stream
      peer.request(1, true);
      List<Frame> frames = peer.frames();
      List<Frame> data = ofType(frames, Http2FrameTypes.DATA, 1);
      assertThat(data).extracting(f -> f.payload().length).containsExactly(1024);
      assertThat(data.get(0).has(Http2FrameTypes.FLAG_END_STREAM)).isFalse();
      assertThat(writability).containsExactly(false);

      peer.send(Http2Peer.windowUpdate(1, 8192));
      frames = peer.frames();
      data = ofType(frames, Http2FrameTypes.DATA, 1);
      assertThat(data).extracting(f -> f.payload().length).containsExactly(3072);
      assertThat(data.get(0).has(Http2FrameTypes.FLAG_END_STREAM)).isTrue();
      assertThat(writability).containsExactly(false, true);
      assertThat(mux.streamChannels()).isZero();
    }
  }

  @Test
  void aServerWithoutStreamHandlerRefusesStreams() {
    try (Http2Peer peer =
        new Http2Peer(Http2FrameCodec.forServer().build(), Http2MultiplexHandler.forClient())) {
      peer.handshake(new Http2Settings());
      peer.request(1, true);
      List<Frame> resets = ofType(peer.frames(), Http2FrameTypes.RST_STREAM, 1);
      assertThat(resets).hasSize(1);
      assertThat(resets.get(0).errorCode()).isEqualTo(Http2Error.REFUSED_STREAM.code());
    }
  }

  @Test
  void connectionFramesGoOnToTheHandlersAfterTheMultiplexer() {
    try (Http2Peer peer =
        new Http2Peer(
            Http2FrameCodec.forServer().build(),
            Http2MultiplexHandler.of(init(ch -> ch.pipeline().addLast(new EchoStreamHandler()))))) {
      peer.handshake(new Http2Settings().maxConcurrentStreams(7));
      List<Object> inbound = peer.inbound();
      assertThat(inbound).hasAtLeastOneElementOfType(Http2SettingsFrame.class);
      inbound.forEach(ReferenceCountUtil::release);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Client side

  @Test
  void clientStreamsOpenInWriteOrderAndGetTheirOwnResponses() throws Exception {
    try (Http2Peer peer =
        new Http2Peer(Http2FrameCodec.forClient().build(), Http2MultiplexHandler.forClient())) {
      peer.serverHandshake(new Http2Settings());
      ResponseCollector a = new ResponseCollector();
      ResponseCollector b = new ResponseCollector();
      Http2StreamChannel sa =
          new Http2StreamChannelBootstrap(peer.channel).handler(a).open().sync().getNow();
      Http2StreamChannel sb =
          new Http2StreamChannelBootstrap(peer.channel).handler(b).open().sync().getNow();
      assertThat(sa.streamId()).isZero();
      sa.writeAndFlush(new Http2HeadersFrame(get("/a"), true));
      sb.writeAndFlush(new Http2HeadersFrame(get("/b"), true));
      List<Frame> frames = peer.frames();
      assertThat(sa.streamId()).isEqualTo(1);
      assertThat(sb.streamId()).isEqualTo(3);
      assertThat(ofType(frames, Http2FrameTypes.HEADERS, 1).get(0).headers()).contains(":path: /a");
      assertThat(ofType(frames, Http2FrameTypes.HEADERS, 3).get(0).headers()).contains(":path: /b");

      peer.send(peer.headersFrame(3, false, ":status", "200"));
      peer.send(data(3, "b", true));
      peer.send(peer.headersFrame(1, false, ":status", "404"));
      peer.send(data(1, "a", true));
      peer.frames();
      assertThat(a.response).isCompletedWithValue("404 a");
      assertThat(b.response).isCompletedWithValue("200 b");
      assertThat(sa.isActive()).isFalse();
      assertThat(sb.isActive()).isFalse();
    }
  }

  @Test
  void aClientStreamChannelSendsItsRequestBodyUnderTheStreamWindow() throws Exception {
    try (Http2Peer peer =
        new Http2Peer(Http2FrameCodec.forClient().build(), Http2MultiplexHandler.forClient())) {
      peer.serverHandshake(new Http2Settings().initialWindowSize(100));
      ResponseCollector collector = new ResponseCollector();
      Http2StreamChannel s =
          new Http2StreamChannelBootstrap(peer.channel).handler(collector).open().sync().getNow();
      s.write(new Http2HeadersFrame(get("/upload").method("POST"), false));
      s.writeAndFlush(new Http2DataFrame(Unpooled.buffer(250).writeZero(250), true));
      List<Frame> data = ofType(peer.frames(), Http2FrameTypes.DATA, 1);
      assertThat(data).extracting(f -> f.payload().length).containsExactly(100);
      peer.send(Http2Peer.windowUpdate(1, 1000));
      data = ofType(peer.frames(), Http2FrameTypes.DATA, 1);
      assertThat(data).extracting(f -> f.payload().length).containsExactly(150);
      assertThat(data.get(0).has(Http2FrameTypes.FLAG_END_STREAM)).isTrue();
      peer.send(peer.headersFrame(1, true, ":status", "204"));
      peer.frames();
      assertThat(collector.response).isCompletedWithValue("204 ");
    }
  }

  @Test
  void goAwayRefusesTheStreamsAboveItsLastStreamId() throws Exception {
    try (Http2Peer peer =
        new Http2Peer(Http2FrameCodec.forClient().build(), Http2MultiplexHandler.forClient())) {
      peer.serverHandshake(new Http2Settings());
      ResponseCollector first = new ResponseCollector();
      ResponseCollector second = new ResponseCollector();
      Http2StreamChannel s1 =
          new Http2StreamChannelBootstrap(peer.channel).handler(first).open().sync().getNow();
      Http2StreamChannel s3 =
          new Http2StreamChannelBootstrap(peer.channel).handler(second).open().sync().getNow();
      s1.writeAndFlush(new Http2HeadersFrame(get("/1"), true));
      s3.writeAndFlush(new Http2HeadersFrame(get("/3"), true));
      peer.frames();

      peer.send(goAway(1, Http2Error.NO_ERROR));
      peer.frames();
      assertThat(second.events)
          .containsExactly(new Http2ResetFrame(3, Http2Error.REFUSED_STREAM.code()));
      assertThat(s3.isActive()).isFalse();
      assertThat(s1.isActive()).isTrue(); // at or below the last stream id: still served

      // No new stream after a GOAWAY: the opening write fails and the channel closes.
      Http2StreamChannel late =
          new Http2StreamChannelBootstrap(peer.channel)
              .handler(new ResponseCollector())
              .open()
              .sync()
              .getNow();
      var write = late.writeAndFlush(new Http2HeadersFrame(get("/late"), true));
      peer.frames();
      assertThat(write.isDone()).isTrue();
      assertThat(write.cause()).isInstanceOf(Http2Exception.class);
      assertThat(late.isOpen()).isFalse();

      peer.send(peer.headersFrame(1, true, ":status", "200"));
      peer.frames();
      assertThat(first.response).isCompletedWithValue("200 ");
    }
  }

  @Test
  void aServerConnectionOpensNoStreams() throws Exception {
    try (Http2Peer peer =
        new Http2Peer(
            Http2FrameCodec.forServer().build(), Http2MultiplexHandler.of(init(ch -> {})))) {
      var open =
          new Http2StreamChannelBootstrap(peer.channel).handler(new ResponseCollector()).open();
      assertThat(open.isDone()).isTrue();
      assertThat(open.cause()).isInstanceOf(IllegalStateException.class);
    }
  }

  /** Moves bytes both ways between two embedded channels until neither has anything to say. */
  private static void pump(
      io.tern.transport.embedded.EmbeddedChannel a, io.tern.transport.embedded.EmbeddedChannel b) {
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

  @Test
  void aClientAndAServerBothWithStreamChannelsOverEmbeddedChannels() throws Exception {
    io.tern.transport.embedded.EmbeddedChannel server =
        new io.tern.transport.embedded.EmbeddedChannel(
            Http2FrameCodec.forServer().build(),
            Http2MultiplexHandler.of(init(ch -> ch.pipeline().addLast(new EchoStreamHandler()))));
    io.tern.transport.embedded.EmbeddedChannel client =
        new io.tern.transport.embedded.EmbeddedChannel(
            Http2FrameCodec.forClient().build(), Http2MultiplexHandler.forClient());
    try {
      pump(client, server); // preface and SETTINGS both ways
      int count = 10;
      List<ResponseCollector> collectors = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        ResponseCollector c = new ResponseCollector();
        collectors.add(c);
        Http2StreamChannel s =
            new Http2StreamChannelBootstrap(client).handler(c).open().sync().getNow();
        s.write(new Http2HeadersFrame(get("/e").method("POST"), false));
        s.writeAndFlush(
            new Http2DataFrame(
                Unpooled.copiedBuffer("body " + i, StandardCharsets.US_ASCII), true));
      }
      pump(client, server);
      for (int i = 0; i < count; i++) {
        assertThat(collectors.get(i).response)
            .isCompletedWithValue("200 stream " + (2 * i + 1) + ": body " + i);
      }
    } finally {
      client.finishAndReleaseAll();
      server.finishAndReleaseAll();
    }
  }
}

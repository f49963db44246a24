package io.tern.codec.http2.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.buffer.UnpooledByteBufAllocator;
import io.tern.codec.http2.Http2Error;
import io.tern.codec.http2.Http2Exception;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.Http2Settings;
import io.tern.codec.http2.hpack.HpackEncoder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class Http2FrameReaderTest {
  private final List<String> events = new ArrayList<>();
  private final Http2FrameReader reader =
      new Http2FrameReader(UnpooledByteBufAllocator.DEFAULT, 1024, 4);

  private final Http2FrameReader.Listener listener =
      new Http2FrameReader.Listener() {
        @Override
        public void onData(int streamId, ByteBuf data, int flowControlled, boolean endStream) {
          events.add(
              "DATA "
                  + streamId
                  + " "
                  + data.readableBytes()
                  + "/"
                  + flowControlled
                  + " "
                  + endStream);
        }

        @Override
        public void onHeaders(int streamId, ByteBuf block, boolean endStream, int dependency) {
          events.add(
              "HEADERS "
                  + streamId
                  + " "
                  + ByteBufUtil.hexDump(block)
                  + " "
                  + endStream
                  + " "
                  + dependency);
        }

        @Override
        public void onPriority(int streamId, int dependency) {
          events.add("PRIORITY " + streamId + " " + dependency);
        }

        @Override
        public void onRstStream(int streamId, long errorCode) {
          events.add("RST " + streamId + " " + errorCode);
        }

        @Override
        public void onSettings(Http2Settings settings) {
          events.add("SETTINGS " + settings);
        }

        @Override
        public void onSettingsAck() {
          events.add("SETTINGS_ACK");
        }

        @Override
        public void onPing(long content, boolean ack) {
          events.add("PING " + content + " " + ack);
        }

        @Override
        public void onPushPromise(int streamId, int promisedStreamId, ByteBuf block) {
          events.add("PUSH_PROMISE " + streamId + " " + promisedStreamId);
        }

        @Override
        public void onGoAway(int lastStreamId, long errorCode, ByteBuf debugData) {
          events.add("GOAWAY " + lastStreamId + " " + errorCode + " " + debugData.readableBytes());
        }

        @Override
        public void onWindowUpdate(int streamId, int increment) {
          events.add("WINDOW_UPDATE " + streamId + " " + increment);
        }

        @Override
        public void onPriorityUpdate(int prioritizedStreamId, ByteBuf value) {
          events.add("PRIORITY_UPDATE " + prioritizedStreamId);
        }
      };

  private void read(ByteBuf b) throws Http2Exception {
    try {
      reader.read(b, listener);
    } finally {
      b.release();
      reader.close();
    }
  }

  private static void append(ByteBuf b, ByteBuf frame) {
    b.writeBytes(frame);
    frame.release();
  }

  private static ByteBuf frame(int type, int flags, int streamId, int... payload) {
    byte[] p = new byte[payload.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = (byte) payload[i];
    }
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.frameHeader(b, p.length, type, flags, streamId);
    b.writeBytes(p);
    return b;
  }

  @Test
  void readsEveryFrameType() throws Http2Exception {
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.dataHeader(b, 1, 3, 0, true);
    b.writeZero(3);
    append(b, frame(Http2FrameTypes.HEADERS, 0x05, 3, 0x82));
    append(b, frame(Http2FrameTypes.PRIORITY, 0, 5, 0, 0, 0, 3, 16));
    Http2FrameWriter.rstStream(b, 3, 8);
    Http2FrameWriter.settings(b, new Http2Settings().maxConcurrentStreams(7));
    Http2FrameWriter.settingsAck(b);
    Http2FrameWriter.ping(b, 42, true);
    Http2FrameWriter.windowUpdate(b, 0, 1000);
    append(b, frame(Http2FrameTypes.GOAWAY, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 'x'));
    append(b, frame(0x77, 0xff, 9, 1, 2, 3)); // unknown type: ignored
    append(b, frame(Http2FrameTypes.PRIORITY_UPDATE, 0, 0, 0, 0, 0, 1, 'u', '=', '1'));
    read(b);
    assertThat(events)
        .containsExactly(
            "DATA 1 3/3 true",
            "HEADERS 3 82 true -1",
            "PRIORITY 5 3",
            "RST 3 8",
            "SETTINGS Http2Settings{3=7}",
            "SETTINGS_ACK",
            "PING 42 true",
            "WINDOW_UPDATE 0 1000",
            "GOAWAY 5 0 1",
            "PRIORITY_UPDATE 1");
  }

  @Test
  void stripsPaddingAndCountsItForFlowControl() throws Http2Exception {
    // DATA, padded: pad length 2, 3 bytes of data, 2 of padding.
    read(frame(Http2FrameTypes.DATA, 0x08, 1, 2, 'a', 'b', 'c', 0, 0));
    assertThat(events).containsExactly("DATA 1 3/6 false");
  }

  @Test
  void readsHeadersWithPaddingAndPriority() throws Http2Exception {
    read(frame(Http2FrameTypes.HEADERS, 0x2c, 1, 1, 0x80, 0, 0, 3, 16, 0x82, 0));
    assertThat(events).containsExactly("HEADERS 1 82 false 3");
  }

  @Test
  void refusesPaddingAsLongAsThePayload() {
    assertThatThrownBy(() -> read(frame(Http2FrameTypes.DATA, 0x08, 1, 3, 'a', 'b')))
        .isInstanceOf(Http2Exception.class)
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.PROTOCOL_ERROR);
  }

  @Test
  void refusesAFrameAboveTheMaximumSizeOnItsHeader() {
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.frameHeader(b, 16_385, Http2FrameTypes.DATA, 0, 1);
    assertThatThrownBy(() -> read(b))
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.FRAME_SIZE_ERROR);
  }

  @Test
  void waitsForTheWholeFrame() throws Http2Exception {
    ByteBuf b = frame(Http2FrameTypes.PING, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
    b.writerIndex(b.writerIndex() - 1);
    read(b);
    assertThat(events).isEmpty();
  }

  @Test
  void checksFixedSizesAndStreamZero() {
    assertThatThrownBy(() -> read(frame(Http2FrameTypes.PING, 0, 0, 1, 2)))
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.FRAME_SIZE_ERROR);
    assertThatThrownBy(() -> read(frame(Http2FrameTypes.SETTINGS, 0, 1)))
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.PROTOCOL_ERROR);
    assertThatThrownBy(() -> read(frame(Http2FrameTypes.DATA, 0, 0, 1)))
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.PROTOCOL_ERROR);
    assertThatThrownBy(() -> read(frame(Http2FrameTypes.SETTINGS, 1, 0, 0, 0, 0, 0, 0, 0)))
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.FRAME_SIZE_ERROR);
    assertThatThrownBy(() -> read(frame(Http2FrameTypes.PRIORITY, 0, 1, 0, 0, 0, 3)))
        .extracting(e -> ((Http2Exception) e).isConnectionError())
        .isEqualTo(false);
  }

  @Test
  void checksSettingValues() {
    assertThatThrownBy(() -> read(frame(Http2FrameTypes.SETTINGS, 0, 0, 0, 2, 0, 0, 0, 2)))
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.PROTOCOL_ERROR);
    assertThatThrownBy(() -> read(frame(Http2FrameTypes.SETTINGS, 0, 0, 0, 4, 0x80, 0, 0, 0)))
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.FLOW_CONTROL_ERROR);
  }

  @Test
  void joinsContinuationFrames() throws Http2Exception {
    ByteBuf b = frame(Http2FrameTypes.HEADERS, 0x01, 1, 0x82);
    append(b, frame(Http2FrameTypes.CONTINUATION, 0, 1, 0x86));
    append(b, frame(Http2FrameTypes.CONTINUATION, 0x04, 1, 0x84));
    read(b);
    assertThat(events).containsExactly("HEADERS 1 828684 true -1");
  }

  @Test
  void refusesAnyOtherFrameInsideAHeaderBlock() {
    ByteBuf b = frame(Http2FrameTypes.HEADERS, 0, 1, 0x82);
    append(b, frame(Http2FrameTypes.PRIORITY, 0, 3, 0, 0, 0, 0, 0));
    assertThatThrownBy(() -> read(b))
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.PROTOCOL_ERROR);
  }

  @Test
  void refusesContinuationOnAnotherStreamOrAlone() {
    ByteBuf b = frame(Http2FrameTypes.HEADERS, 0, 1, 0x82);
    append(b, frame(Http2FrameTypes.CONTINUATION, 0x04, 3, 0x84));
    assertThatThrownBy(() -> read(b)).isInstanceOf(Http2Exception.class);
    assertThatThrownBy(() -> read(frame(Http2FrameTypes.CONTINUATION, 0x04, 1, 0x84)))
        .isInstanceOf(Http2Exception.class);
  }

  @Test
  void limitsTheHeaderBlockAndTheContinuationCount() {
    ByteBuf big = frame(Http2FrameTypes.HEADERS, 0, 1, new int[600]);
    append(big, frame(Http2FrameTypes.CONTINUATION, 0, 1, new int[600]));
    assertThatThrownBy(() -> read(big))
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.ENHANCE_YOUR_CALM);
    ByteBuf many = frame(Http2FrameTypes.HEADERS, 0, 1, 0x82);
    for (int i = 0; i < 5; i++) {
      append(many, frame(Http2FrameTypes.CONTINUATION, 0, 1));
    }
    assertThatThrownBy(() -> read(many))
        .extracting(e -> ((Http2Exception) e).error())
        .isEqualTo(Http2Error.ENHANCE_YOUR_CALM);
  }

  @Test
  void writerSplitsLargeHeaderBlocksIntoContinuationFrames() throws Http2Exception {
    Http2Headers h = new Http2Headers().status("200");
    for (int i = 0; i < 20; i++) {
      h.add("x-" + i, "v".repeat(1000) + i);
    }
    ByteBuf b = Unpooled.buffer();
    Http2FrameWriter.headers(b, new HpackEncoder(0), 1, h, true, 0, 16_384);
    int frames = 0;
    for (int i = b.readerIndex(); i < b.writerIndex(); i += 9 + b.getUnsignedMedium(i)) {
      assertThat(b.getUnsignedMedium(i)).isLessThanOrEqualTo(16_384);
      frames++;
    }
    assertThat(frames).isGreaterThan(1);
    Http2FrameReader big = new Http2FrameReader(UnpooledByteBufAllocator.DEFAULT, 1 << 20, 10);
    try {
      big.read(b, listener);
    } finally {
      b.release();
      big.close();
    }
    assertThat(events).hasSize(1);
    assertThat(events.get(0)).startsWith("HEADERS 1 ").endsWith(" true -1");
  }
}

package io.tern.codec.http2.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.Http2Error;
import io.tern.codec.http2.Http2Exception;
import io.tern.codec.http2.Http2Settings;
import io.tern.common.concurrent.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The windows this side grants the peer, and when they are given back. */
class Http2InboundFlowTest {
  private final ByteBuf written = Unpooled.buffer();
  private final Http2Connection.Output output =
      new Http2Connection.Output() {
        @Override
        public ByteBuf buffer() {
          return written;
        }

        @Override
        public void data(ByteBuf payload, Promise<Void> promise) {
          payload.release();
        }

        @Override
        public void controlFrameWritten() {}
      };

  @AfterEach
  void release() {
    written.release();
  }

  /** The WINDOW_UPDATE frames written so far, as stream id to increment. */
  private List<Map.Entry<Integer, Integer>> windowUpdates() {
    List<Map.Entry<Integer, Integer>> out = new ArrayList<>();
    while (written.readableBytes() >= 9) {
      int length = written.readUnsignedMedium();
      int type = written.readUnsignedByte();
      written.readUnsignedByte(); // flags
      int stream = written.readInt() & 0x7fffffff;
      assertThat(type).isEqualTo(Http2FrameTypes.WINDOW_UPDATE);
      assertThat(length).isEqualTo(4);
      out.add(Map.entry(stream, written.readInt()));
    }
    return out;
  }

  @Test
  void startOpensTheConnectionWindowToItsTarget() {
    Http2InboundFlow flow = new Http2InboundFlow(1 << 20, output);
    flow.start(written);
    assertThat(windowUpdates())
        .containsExactly(Map.entry(0, (1 << 20) - Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE));
  }

  @Test
  void moreThanTheConnectionWindowIsAConnectionFlowControlError() throws Http2Exception {
    Http2InboundFlow flow = new Http2InboundFlow(Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE, output);
    flow.receivedOnConnection(65_000);
    assertThatThrownBy(() -> flow.receivedOnConnection(1_000))
        .isInstanceOfSatisfying(
            Http2Exception.class,
            e -> {
              assertThat(e.isConnectionError()).isTrue();
              assertThat(e.error()).isEqualTo(Http2Error.FLOW_CONTROL_ERROR);
            });
  }

  @Test
  void aStreamWindowRefusesWhatDoesNotFit() {
    Http2InboundFlow flow = new Http2InboundFlow(1 << 20, output);
    Http2Stream s = new Http2Stream(1, 0, flow.initialWindow());
    assertThat(flow.receivedOnStream(s, 60_000)).isTrue();
    assertThat(flow.receivedOnStream(s, 6_000)).isFalse();
    assertThat(s.inbound.window()).isEqualTo(Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE - 60_000);
  }

  @Test
  void bytesGoBackOnceHalfAWindowIsConsumed() {
    Http2InboundFlow flow = new Http2InboundFlow(100_000, output);
    Http2Stream s = new Http2Stream(3, 0, flow.initialWindow());
    flow.consumedOnConnection(40_000);
    flow.consumedOnStream(s, 30_000);
    assertThat(windowUpdates()).isEmpty(); // below half of 100,000 and of 65,535
    flow.consumedOnConnection(10_000);
    flow.consumedOnStream(s, 3_000);
    assertThat(windowUpdates()).containsExactly(Map.entry(0, 50_000), Map.entry(3, 33_000));
    assertThat(s.inbound.window()).isEqualTo(Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE + 33_000);
    assertThat(s.inbound.consumed()).isZero();
  }

  @Test
  void anAcknowledgedInitialWindowMovesEveryOpenStream() {
    Http2InboundFlow flow = new Http2InboundFlow(1 << 20, output);
    Http2Stream a = new Http2Stream(1, 0, flow.initialWindow());
    Http2Stream b = new Http2Stream(3, 0, flow.initialWindow() - 1_000);
    flow.initialWindowAcknowledged(1 << 20, List.of(a, b));
    int delta = (1 << 20) - Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE;
    assertThat(a.inbound.window()).isEqualTo(Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE + delta);
    assertThat(b.inbound.window())
        .isEqualTo(Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE - 1_000 + delta);
    assertThat(flow.initialWindow()).isEqualTo(1 << 20);
  }
}

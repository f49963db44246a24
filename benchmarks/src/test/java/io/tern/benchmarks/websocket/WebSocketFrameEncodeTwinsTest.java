package io.tern.benchmarks.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both twins of the WebSocket encode pair do the same work per operation: one final binary frame,
 * masked as a client masks it (mask bit set, a key in the header), carrying the same payload once
 * unmasked, all in the output the benchmark counts.
 */
class WebSocketFrameEncodeTwinsTest {
  @ParameterizedTest
  @ValueSource(ints = {16, 65536})
  void bothTwinsWriteTheSameMaskedFrame(int size) {
    WebSocketFrameEncode tern = new WebSocketFrameEncode();
    WebSocketFrameEncodeNetty netty = new WebSocketFrameEncodeNetty();
    tern.size = size;
    netty.size = size;
    netty.allocator = "pooled";
    tern.setUp();
    netty.setUp();
    try {
      byte[] ternFrame = tern.encodedBytes();
      byte[] nettyFrame = netty.encodedBytes();
      assertThat(ternFrame).hasSameSizeAs(nettyFrame);
      assertThat(header(ternFrame)).isEqualTo(header(nettyFrame));
      byte[] payload = WebSocketInputs.text("ascii", size);
      assertThat(unmaskedPayload(ternFrame)).isEqualTo(payload);
      assertThat(unmaskedPayload(nettyFrame)).isEqualTo(payload);
      int expected = ternFrame.length;
      assertThat(tern.encode()).isEqualTo(expected);
      assertThat(netty.encode()).isEqualTo(expected);
    } finally {
      tern.tearDown();
      netty.tearDown();
    }
  }

  @Test
  void ternDrawsAFreshKeyForEveryFrame() {
    WebSocketFrameEncode tern = new WebSocketFrameEncode();
    tern.size = 16;
    tern.setUp();
    try {
      byte[] first = tern.encodedBytes();
      byte[] second = tern.encodedBytes();
      assertThat(key(first)).isNotEqualTo(key(second));
    } finally {
      tern.tearDown();
    }
  }

  /** The header without the masking key: FIN, RSV, opcode, mask bit and the length fields. */
  private static byte[] header(byte[] frame) {
    return Arrays.copyOf(frame, keyOffset(frame));
  }

  private static int keyOffset(byte[] frame) {
    int len = frame[1] & 0x7F;
    return len < 126 ? 2 : len == 126 ? 4 : 10;
  }

  private static byte[] key(byte[] frame) {
    assertThat(frame[1] & 0x80).as("mask bit").isEqualTo(0x80);
    int k = keyOffset(frame);
    return Arrays.copyOfRange(frame, k, k + 4);
  }

  private static byte[] unmaskedPayload(byte[] frame) {
    byte[] key = key(frame);
    int from = keyOffset(frame) + 4;
    byte[] payload = Arrays.copyOfRange(frame, from, frame.length);
    for (int i = 0; i < payload.length; i++) {
      payload[i] ^= key[i & 3];
    }
    return payload;
  }
}

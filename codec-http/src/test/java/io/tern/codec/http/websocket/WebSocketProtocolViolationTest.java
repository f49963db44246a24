package io.tern.codec.http.websocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every violation RFC 6455 names is answered with its close code, the connection is closed, and the
 * decoder throws a typed exception carrying the same status.
 */
class WebSocketProtocolViolationTest {
  private static final int KEY = 0x37FA213D;

  /** A masked frame with the given first byte and payload, length in its shortest form. */
  static byte[] frame(int b0, byte[] payload) {
    return frame(b0, payload, true, -1);
  }

  /** A frame; {@code lengthForm} forces 126 or 127 (or -1 for the shortest). */
  static byte[] frame(int b0, byte[] payload, boolean masked, int lengthForm) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(b0);
    int m = masked ? 0x80 : 0;
    int n = payload.length;
    int form = lengthForm > 0 ? lengthForm : n < 126 ? n : n <= 0xFFFF ? 126 : 127;
    out.write(m | form);
    if (form == 126) {
      out.write(n >> 8);
      out.write(n);
    } else if (form == 127) {
      for (int s = 56; s >= 0; s -= 8) {
        out.write((int) ((long) n >> s));
      }
    }
    if (masked) {
      for (int s = 24; s >= 0; s -= 8) {
        out.write(KEY >> s);
      }
    }
    for (int i = 0; i < n; i++) {
      out.write(payload[i] ^ (KEY >> (24 - 8 * (i & 3))));
    }
    return out.toByteArray();
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  static byte[] bytes(int... values) {
    byte[] a = new byte[values.length];
    for (int i = 0; i < a.length; i++) {
      a[i] = (byte) values[i];
    }
    return a;
  }

  static byte[] close(int code, byte[] reason) {
    return concat(bytes(code >> 8, code & 0xFF), reason);
  }

  static Stream<Arguments> violations() {
    byte[] ok = "ok".getBytes(StandardCharsets.US_ASCII);
    byte[] hugeLength = bytes(0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4);
    return Stream.of(
        Arguments.of("RSV1 without extension", frame(0xC1, ok), 1002),
        Arguments.of("RSV3 without extension", frame(0x92, ok), 1002),
        Arguments.of("reserved data opcode 3", frame(0x83, ok), 1002),
        Arguments.of("reserved control opcode B", frame(0x8B, ok), 1002),
        Arguments.of("unmasked frame to a server", frame(0x81, ok, false, -1), 1002),
        Arguments.of("fragmented ping", frame(0x09, ok), 1002),
        Arguments.of("ping of 126 bytes", frame(0x89, new byte[126]), 1002),
        Arguments.of("continuation without message", frame(0x80, ok), 1002),
        Arguments.of(
            "text inside a fragmented text", concat(frame(0x01, ok), frame(0x81, ok)), 1002),
        Arguments.of("16-bit length for 5 bytes", frame(0x82, new byte[5], true, 126), 1002),
        Arguments.of("64-bit length for 200 bytes", frame(0x82, new byte[200], true, 127), 1002),
        Arguments.of("64-bit length with its top bit", hugeLength, 1002),
        Arguments.of("frame over the limit", frame(0x82, new byte[2000]), 1009),
        Arguments.of(
            "message over the limit",
            concat(
                frame(0x02, new byte[1000]),
                frame(0x00, new byte[1000]),
                frame(0x80, new byte[1000])),
            1009),
        Arguments.of("invalid UTF-8 byte", frame(0x81, bytes('a', 0xFF, 'b')), 1007),
        Arguments.of("overlong encoding", frame(0x81, bytes(0xC0, 0xAF)), 1007),
        Arguments.of("surrogate", frame(0x81, bytes(0xED, 0xA0, 0x80)), 1007),
        Arguments.of("above U+10FFFF", frame(0x81, bytes(0xF4, 0x90, 0x80, 0x80)), 1007),
        Arguments.of("text ending inside a character", frame(0x81, bytes('a', 0xE2, 0x82)), 1007),
        Arguments.of(
            "bad UTF-8 in a later fragment",
            concat(frame(0x01, bytes('a', 0xE2)), frame(0x80, bytes(0x28))),
            1007),
        Arguments.of("close payload of one byte", frame(0x88, bytes(3)), 1002),
        Arguments.of("close code 999", frame(0x88, close(999, ok)), 1002),
        Arguments.of("close code 1005", frame(0x88, close(1005, ok)), 1002),
        Arguments.of("close code 2000", frame(0x88, close(2000, ok)), 1002),
        Arguments.of("close code 5000", frame(0x88, close(5000, ok)), 1002),
        Arguments.of(
            "close reason not UTF-8", frame(0x88, close(1000, bytes(0xCE, 0xBA, 0xE1))), 1007));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("violations")
  void violationIsAnsweredWithItsCloseCodeAndTheConnectionClosed(
      String name, byte[] wire, int code) {
    for (int piece : new int[] {1, wire.length}) {
      EmbeddedChannel ch =
          new EmbeddedChannel(
              new WebSocketFrameDecoder(
                  WebSocketDecoderConfig.forServer()
                      .withMaxFramePayloadLength(1500)
                      .withMaxMessagePayloadLength(2500)));
      CorruptedWebSocketFrameException e = null;
      for (int i = 0; i < wire.length && e == null; i += piece) {
        ByteBuf in = Unpooled.copiedBuffer(wire, i, Math.min(piece, wire.length - i));
        e = catchThrowableOfType(CorruptedWebSocketFrameException.class, () -> ch.writeInbound(in));
      }
      assertThat(e).as(name).isNotNull();
      assertThat(e.closeStatus().code()).isEqualTo(code);
      ByteBuf sent = ch.readOutbound();
      assertThat((int) sent.getUnsignedByte(0)).isEqualTo(0x88);
      assertThat((int) sent.getUnsignedByte(1) & 0x80).as("a server does not mask").isZero();
      assertThat(sent.getUnsignedShort(2)).isEqualTo(code);
      sent.release();
      assertThat(ch.isOpen()).isFalse();
      Object o;
      while ((o = ch.readInbound()) != null) {
        ReferenceCountUtil.release(o);
      }
      ch.finishAndReleaseAll();
    }
  }

  @ParameterizedTest(name = "masked frame to a client")
  @MethodSource("maskedToClient")
  void clientRefusesMaskedFramesWithAMaskedClose(byte[] wire) {
    EmbeddedChannel ch =
        new EmbeddedChannel(new WebSocketFrameDecoder(WebSocketDecoderConfig.forClient()));
    CorruptedWebSocketFrameException e =
        catchThrowableOfType(
            CorruptedWebSocketFrameException.class,
            () -> ch.writeInbound(Unpooled.wrappedBuffer(wire)));
    assertThat(e.closeStatus()).isEqualTo(WebSocketCloseStatus.PROTOCOL_ERROR);
    ByteBuf sent = ch.readOutbound();
    assertThat((int) sent.getUnsignedByte(1) & 0x80).as("a client masks its close").isEqualTo(0x80);
    sent.release();
    assertThat(ch.isOpen()).isFalse();
    ch.finishAndReleaseAll();
  }

  static Stream<byte[]> maskedToClient() {
    return Stream.of(frame(0x81, "hi".getBytes(StandardCharsets.US_ASCII)));
  }
}

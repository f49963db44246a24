package io.tern.codec.http.websocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebSocketFrameCodecTest {

  /** Encodes frames with a client's encoder (masked) and returns the bytes. */
  static byte[] clientBytes(WebSocketFrame... frames) {
    return encode(WebSocketFrameEncoder.forClient(), frames);
  }

  static byte[] encode(WebSocketFrameEncoder encoder, WebSocketFrame... frames) {
    EmbeddedChannel ch = new EmbeddedChannel(encoder);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (WebSocketFrame f : frames) {
      ch.writeOutbound(f);
      ByteBuf b;
      while ((b = ch.readOutbound()) != null) {
        byte[] a = new byte[b.readableBytes()];
        b.readBytes(a);
        b.release();
        bytes.writeBytes(a);
      }
    }
    ch.finishAndReleaseAll();
    return bytes.toByteArray();
  }

  /** Feeds bytes to a server decoder in pieces of {@code piece} bytes; returns the frames. */
  static List<WebSocketFrame> decode(EmbeddedChannel ch, byte[] wire, int piece) {
    List<WebSocketFrame> frames = new ArrayList<>();
    for (int i = 0; i < wire.length; i += piece) {
      ch.writeInbound(Unpooled.copiedBuffer(wire, i, Math.min(piece, wire.length - i)));
      WebSocketFrame f;
      while ((f = ch.readInbound()) != null) {
        frames.add(f);
      }
    }
    return frames;
  }

  static byte[] payload(WebSocketFrame f) {
    byte[] a = new byte[f.content().readableBytes()];
    f.content().getBytes(f.content().readerIndex(), a);
    return a;
  }

  static EmbeddedChannel server(WebSocketDecoderConfig config) {
    return new EmbeddedChannel(new WebSocketFrameDecoder(config));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 7, 8, 125, 126, 127, 1000, 65535, 65536})
  void maskedBinaryFrameRoundTripsAtEveryLengthForm(int length) {
    byte[] data = new byte[length];
    new Random(length).nextBytes(data);
    byte[] wire = clientBytes(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(data.clone())));
    for (int piece : new int[] {1, 5, wire.length + 1}) {
      EmbeddedChannel ch = server(WebSocketDecoderConfig.forServer());
      List<WebSocketFrame> frames = decode(ch, wire, piece);
      assertThat(frames).hasSize(1);
      assertThat(frames.get(0)).isInstanceOf(BinaryWebSocketFrame.class);
      assertThat(frames.get(0).isFinalFragment()).isTrue();
      assertThat(payload(frames.get(0))).isEqualTo(data);
      frames.forEach(ReferenceCountUtil::release);
      assertThat(ch.finishAndReleaseAll()).isFalse();
    }
  }

  @Test
  void clientMasksWithADifferentKeyEachFrame() {
    byte[] a = clientBytes(new TextWebSocketFrame("same"));
    byte[] b = clientBytes(new TextWebSocketFrame("same"));
    assertThat(a[1] & 0x80).isEqualTo(0x80);
    assertThat(Arrays.copyOfRange(a, 2, 6)).isNotEqualTo(Arrays.copyOfRange(b, 2, 6));
  }

  @Test
  void serverFramesAreUnmaskedAndClientDecoderReadsThem() {
    byte[] big = new byte[5000];
    new Random(3).nextBytes(big);
    byte[] wire =
        encode(
            WebSocketFrameEncoder.forServer(),
            new TextWebSocketFrame("héllo"),
            new BinaryWebSocketFrame(Unpooled.wrappedBuffer(big.clone())));
    assertThat(wire[1] & 0x80).isZero();
    EmbeddedChannel ch =
        new EmbeddedChannel(new WebSocketFrameDecoder(WebSocketDecoderConfig.forClient()));
    List<WebSocketFrame> frames = decode(ch, wire, 3);
    assertThat(frames).hasSize(2);
    assertThat(frames.get(0).text()).isEqualTo("héllo");
    assertThat(payload(frames.get(1))).isEqualTo(big);
    frames.forEach(ReferenceCountUtil::release);
    ch.finishAndReleaseAll();
  }

  @Test
  void controlFramesInsideAFragmentedTextAndASplitCharacterAreAccepted() {
    byte[] euro = "€".getBytes(StandardCharsets.UTF_8); // three bytes, split across fragments
    byte[] wire =
        clientBytes(
            new TextWebSocketFrame(false, 0, Unpooled.wrappedBuffer(new byte[] {'a', euro[0]})),
            new PingWebSocketFrame(Unpooled.wrappedBuffer(new byte[] {1, 2})),
            new ContinuationWebSocketFrame(false, 0, Unpooled.wrappedBuffer(new byte[] {euro[1]})),
            new ContinuationWebSocketFrame(true, 0, Unpooled.wrappedBuffer(new byte[] {euro[2]})),
            new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE));
    EmbeddedChannel ch = server(WebSocketDecoderConfig.forServer());
    List<WebSocketFrame> frames = decode(ch, wire, 1);
    assertThat(frames)
        .extracting(f -> f.getClass().getSimpleName())
        .containsExactly(
            "TextWebSocketFrame",
            "PingWebSocketFrame",
            "ContinuationWebSocketFrame",
            "ContinuationWebSocketFrame",
            "CloseWebSocketFrame");
    CloseWebSocketFrame close = (CloseWebSocketFrame) frames.get(4);
    assertThat(close.statusCode()).isEqualTo(1000);
    assertThat(close.reasonText()).isEqualTo("Bye");
    frames.forEach(ReferenceCountUtil::release);
    ch.finishAndReleaseAll();
  }

  @Test
  void inputAfterACloseFrameIsDiscarded() {
    byte[] wire = clientBytes(new CloseWebSocketFrame(), new TextWebSocketFrame("late"));
    EmbeddedChannel ch = server(WebSocketDecoderConfig.forServer());
    List<WebSocketFrame> frames = decode(ch, wire, wire.length);
    assertThat(frames).singleElement().isInstanceOf(CloseWebSocketFrame.class);
    assertThat(((CloseWebSocketFrame) frames.get(0)).statusCode()).isEqualTo(-1);
    frames.forEach(ReferenceCountUtil::release);
    ch.finishAndReleaseAll();
  }

  @Test
  void encoderRefusesOversizedControlFrames() {
    EmbeddedChannel ch = new EmbeddedChannel(WebSocketFrameEncoder.forServer());
    assertThatThrownBy(
            () -> ch.writeOutbound(new PingWebSocketFrame(Unpooled.buffer(126).writeZero(126))))
        .hasRootCauseInstanceOf(IllegalArgumentException.class);
    ch.finishAndReleaseAll();
  }
}

package io.tern.codec.http.websocket;

import static io.tern.codec.http.websocket.WebSocketFrameCodecTest.clientBytes;
import static io.tern.codec.http.websocket.WebSocketFrameCodecTest.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.CompositeByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Large frames arriving over several reads: their payloads are gathered from slices of the reads
 * (or, when the pieces are many and small, copied once), whatever the cut.
 */
class LargeFramePiecesTest {

  private static EmbeddedChannel server() {
    return new EmbeddedChannel(new WebSocketFrameDecoder(WebSocketDecoderConfig.forServer()));
  }

  private static byte[] random(int length, long seed) {
    byte[] data = new byte[length];
    new Random(seed).nextBytes(data);
    return data;
  }

  /** Feeds {@code wire} cut at {@code cuts}; returns the frames. */
  private static List<WebSocketFrame> feed(EmbeddedChannel ch, byte[] wire, int... cuts) {
    List<WebSocketFrame> frames = new ArrayList<>();
    int from = 0;
    int[] ends = Arrays.copyOf(cuts, cuts.length + 1);
    ends[cuts.length] = wire.length;
    for (int end : ends) {
      ch.writeInbound(Unpooled.copiedBuffer(wire, from, end - from));
      from = end;
      WebSocketFrame f;
      while ((f = ch.readInbound()) != null) {
        frames.add(f);
      }
    }
    return frames;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  @Test
  void frameCutAcrossReadsIsGatheredFromTheReadsWithoutCopying() {
    byte[] big = random(65536, 1);
    byte[] small = random(100, 2);
    byte[] wire =
        concat(
            clientBytes(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(big.clone()))),
            clientBytes(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(small.clone()))));
    EmbeddedChannel ch = server();
    // The header and 1,000 payload bytes, most of the payload, the rest with the next frame.
    List<WebSocketFrame> frames = feed(ch, wire, 1014, 40000);
    assertThat(frames).hasSize(2);
    assertThat(payload(frames.get(0))).isEqualTo(big);
    assertThat(frames.get(0).content()).isInstanceOf(CompositeByteBuf.class);
    assertThat(((CompositeByteBuf) frames.get(0).content()).numComponents()).isEqualTo(3);
    assertThat(payload(frames.get(1))).isEqualTo(small);
    frames.forEach(ReferenceCountUtil::release);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 97, 1000, 4096, 30000})
  void frameInManyPiecesDecodesToItsPayload(int piece) {
    byte[] big = random(65536, piece);
    byte[] wire = clientBytes(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(big.clone())));
    EmbeddedChannel ch = server();
    int[] cuts = new int[(wire.length - 1) / piece];
    for (int i = 0; i < cuts.length; i++) {
      cuts[i] = (i + 1) * piece;
    }
    List<WebSocketFrame> frames = feed(ch, wire, cuts);
    assertThat(frames).hasSize(1);
    assertThat(payload(frames.get(0))).isEqualTo(big);
    frames.forEach(ReferenceCountUtil::release);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void badUtf8InALaterPieceOfALargeTextFrameClosesWith1007AndLeaksNothing() {
    byte[] text = new byte[20000];
    Arrays.fill(text, (byte) 'a');
    text[15000] = (byte) 0xFF;
    byte[] wire = clientBytes(new TextWebSocketFrame(Unpooled.wrappedBuffer(text)));
    EmbeddedChannel ch = server();
    assertThat(feed(ch, Arrays.copyOf(wire, 5000))).isEmpty();
    ByteBuf rest = Unpooled.copiedBuffer(wire, 5000, wire.length - 5000);
    CorruptedWebSocketFrameException e =
        catchThrowableOfType(CorruptedWebSocketFrameException.class, () -> ch.writeInbound(rest));
    assertThat(e).isNotNull();
    assertThat(e.closeStatus()).isEqualTo(WebSocketCloseStatus.INVALID_PAYLOAD_DATA);
    ByteBuf close = ch.readOutbound();
    assertThat(close.getUnsignedShort(2)).isEqualTo(1007);
    close.release();
    assertThat(ch.isOpen()).isFalse();
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void connectionClosedInsideALargeFrameReleasesWhatWasGathered() {
    byte[] wire = clientBytes(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(random(50000, 3))));
    EmbeddedChannel ch = server();
    assertThat(feed(ch, Arrays.copyOf(wire, 30000), 10000, 20000)).isEmpty();
    ch.close();
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }

  @Test
  void decoderRemovedInsideALargeFrameReleasesWhatWasGathered() {
    byte[] wire = clientBytes(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(random(50000, 4))));
    WebSocketFrameDecoder decoder = new WebSocketFrameDecoder(WebSocketDecoderConfig.forServer());
    EmbeddedChannel ch = new EmbeddedChannel(decoder);
    assertThat(feed(ch, Arrays.copyOf(wire, 30000), 10000)).isEmpty();
    ch.pipeline().remove(decoder);
    assertThat(ch.finishAndReleaseAll()).isFalse();
  }
}

package io.tern.codec.compression;

import static io.tern.codec.compression.CompressionFixtures.concat;
import static io.tern.codec.compression.CompressionFixtures.encodeStream;
import static io.tern.codec.compression.CompressionFixtures.feed;
import static io.tern.codec.compression.CompressionFixtures.hex;
import static io.tern.codec.compression.CompressionFixtures.joined;
import static io.tern.codec.compression.CompressionFixtures.resource;
import static io.tern.codec.compression.CompressionFixtures.toolText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.SplitFeeding;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The libbrotlienc and libbrotlidec codecs bound through FFM; the build machines install them. */
class NativeBrotliCodecTest {

  @Test
  void theLibrariesAreAvailableHere() {
    assertThat(BrotliEncoder.isAvailable()).isTrue();
    assertThat(NativeBrotliDecoder.isAvailable()).isTrue();
  }

  @Test
  void decodesTheBrotliToolsOutputAsItArrives() {
    byte[] stream = resource("text.txt.br");
    EmbeddedChannel ch = new EmbeddedChannel(new NativeBrotliDecoder());
    ch.writeInbound(Unpooled.copiedBuffer(stream, 0, stream.length / 2));
    assertThat(ch.inboundMessages()).as("bytes before the input ends").isNotEmpty();
    ch.writeInbound(
        Unpooled.copiedBuffer(stream, stream.length / 2, stream.length - stream.length / 2));
    ch.finish();
    assertThat(hex(drainInbound(ch))).isEqualTo(hex(toolText(200_000)));
  }

  @Test
  void givesTheSameBytesWhateverTheSplitsHeapDirectOrComposite() {
    List<String> out =
        SplitFeeding.assertSameBytesAcrossSplits(
            NativeBrotliDecoder::new, resource("small.txt.br"), 8);
    assertThat(out).containsExactly(hex(toolText(20_000)));
  }

  @Test
  void roundTripsWhateverTheSplits() {
    byte[] text = ZlibCodecTest.text(12_000, 1);
    byte[] random = new byte[3000];
    new Random(2).nextBytes(random);
    byte[] stream = encodeStream(new BrotliEncoder(), text, random);
    List<String> out =
        SplitFeeding.assertSameBytesAcrossSplits(
            () -> new NativeBrotliDecoder(DecompressionLimits.DEFAULT, 1000), stream, 3);
    assertThat(out).containsExactly(hex(concat(text, random)));
  }

  @Test
  void theEncodersStreamIsReadByThePureJavaDecoderToo() {
    byte[] text = toolText(150_000);
    for (int quality : new int[] {0, 4, 11}) {
      byte[] stream = encodeStream(new BrotliEncoder(quality, 22), text, text);
      assertThat(stream.length).as("quality %d", quality).isLessThan(text.length / 3);
      assertThat(joined(feed(new BrotliDecoder(), stream, 4096)))
          .as("quality %d", quality)
          .containsExactly(hex(concat(text, text)));
    }
  }

  @Test
  void eachMessageIsDecodableAsSoonAsItArrives() {
    EmbeddedChannel enc = new EmbeddedChannel(new BrotliEncoder());
    EmbeddedChannel dec = new EmbeddedChannel(new NativeBrotliDecoder());
    for (int i = 0; i < 3; i++) {
      byte[] msg = ZlibCodecTest.text(300 + i, 20 + i);
      enc.writeOutbound(Unpooled.copiedBuffer(msg));
      ByteBuf compressed = enc.readOutbound();
      dec.writeInbound(compressed);
      assertThat(drainInbound(dec)).as("message %d", i).isEqualTo(msg);
    }
    enc.close();
    dec.writeInbound((ByteBuf) enc.readOutbound());
    assertThat(drainInbound(dec)).isEmpty();
    enc.finishAndReleaseAll();
    assertThat(dec.finish()).isFalse();
  }

  @Test
  void writesAValidEmptyStreamWhenNothingWasWritten() {
    byte[] stream = encodeStream(new BrotliEncoder());
    assertThat(stream).isNotEmpty();
    assertThat(joined(feed(new NativeBrotliDecoder(), stream, 100))).isEmpty();
  }

  @Test
  void refusesABombWhileInflating() {
    List<String> events = joined(feed(new NativeBrotliDecoder(), resource("zeros.br"), 16));
    assertThat(events).last().isEqualTo("!DecompressionLimitException");
    assertThat(events.getFirst().length() / 2)
        .as("bytes passed on before the limit")
        .isLessThanOrEqualTo((int) DecompressionLimits.DEFAULT.ratioGraceBytes() + 8192 + 2);
  }

  @Test
  void refusesAStreamOverTheOutputLimitAsItInflates() {
    List<String> events =
        joined(
            feed(
                new NativeBrotliDecoder(DecompressionLimits.maxOutput(50_000), 4096),
                resource("text.txt.br"),
                500));
    assertThat(events).last().isEqualTo("!DecompressionLimitException");
    assertThat(events.getFirst().length() / 2).isLessThanOrEqualTo(50_000 + 2);
  }

  @Test
  void rejectsCorruptTruncatedAndTrailingInput() {
    byte[] stream = resource("small.txt.br");
    byte[] corrupt = stream.clone();
    // Window bits code 1 000 001 (read from the low bit up): reserved, so invalid.
    corrupt[0] = 0x11;
    byte[] truncated = Arrays.copyOf(stream, stream.length / 2);
    byte[] trailing = concat(stream, new byte[] {1, 2, 3});
    for (byte[] bad : new byte[][] {corrupt, truncated, trailing}) {
      NativeBrotliDecoder decoder = new NativeBrotliDecoder();
      assertThat(joined(feed(decoder, bad, 100))).last().isEqualTo("!DecompressionException");
      assertThat(decoder.isClosed()).isTrue();
    }
  }

  @Test
  void refusesParametersOutOfRange() {
    assertThatThrownBy(() -> new BrotliEncoder(12, 22))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new BrotliEncoder(4, 25)).isInstanceOf(IllegalArgumentException.class);
  }

  private static byte[] drainInbound(EmbeddedChannel ch) {
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    ByteBuf d;
    while ((d = ch.readInbound()) != null) {
      got.writeBytes(ByteBufUtil.getBytes(d));
      d.release();
    }
    return got.toByteArray();
  }
}

package io.tern.codec.compression;

import static io.tern.codec.compression.CompressionFixtures.concat;
import static io.tern.codec.compression.CompressionFixtures.encode;
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
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The libzstd codecs bound through FFM; the build machines install libzstd1. */
class NativeZstdCodecTest {

  @Test
  void theLibraryIsAvailableHere() {
    assertThat(NativeZstdDecoder.isAvailable()).isTrue();
    assertThat(NativeZstdEncoder.isAvailable()).isTrue();
  }

  @Test
  void decodesTheZstdToolsOutputWholeAndInChunks() {
    byte[] stream = resource("text.txt.zst");
    String expected = hex(toolText(200_000));
    for (int chunk : new int[] {stream.length, 4096, 333, 7}) {
      assertThat(joined(feed(new NativeZstdDecoder(), stream, chunk)))
          .as("chunks of %d", chunk)
          .containsExactly(expected);
    }
  }

  @Test
  void givesTheSameBytesWhateverTheSplitsHeapDirectOrComposite() {
    byte[] text = ZlibCodecTest.text(12_000, 1);
    byte[] random = new byte[3000];
    new Random(2).nextBytes(random);
    byte[] stream = encodeStream(new NativeZstdEncoder(), text, random);
    List<String> out =
        SplitFeeding.assertSameBytesAcrossSplits(
            () -> new NativeZstdDecoder(DecompressionLimits.DEFAULT, 1000), stream, 3);
    assertThat(out).containsExactly(hex(concat(text, random)));
  }

  @Test
  void theEncodersFrameIsReadByThePureJavaDecoderToo() {
    byte[] text = toolText(150_000);
    byte[] stream = encodeStream(new NativeZstdEncoder(), text, text);
    assertThat(stream.length).isLessThan(text.length / 3);
    assertThat(joined(feed(new ZstdDecoder(), stream, 4096)))
        .containsExactly(hex(concat(text, text)));
  }

  @Test
  void decodesFramesOneAfterTheOtherAndSkipsSkippableFrames() {
    byte[] hello = "hello".getBytes(StandardCharsets.US_ASCII);
    byte[] frame = encode(new ZstdEncoder(), hello);
    byte[] streamed = encodeStream(new NativeZstdEncoder(), hello, hello);
    byte[] skippable = {0x5A, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3};
    byte[] stream = concat(skippable, frame, streamed, skippable, frame);
    List<String> out = SplitFeeding.assertSameBytesAcrossSplits(NativeZstdDecoder::new, stream, 5);
    assertThat(out).containsExactly(hex(concat(hello, hello, hello, hello)));
  }

  @Test
  void eachMessageIsDecodableAsSoonAsItArrives() {
    EmbeddedChannel enc = new EmbeddedChannel(new NativeZstdEncoder());
    EmbeddedChannel dec = new EmbeddedChannel(new NativeZstdDecoder());
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
  void writesAValidEmptyFrameWhenNothingWasWritten() {
    byte[] stream = encodeStream(new NativeZstdEncoder());
    assertThat(Arrays.copyOf(stream, 4))
        .isEqualTo(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD});
    assertThat(joined(feed(new NativeZstdDecoder(), stream, 100))).isEmpty();
  }

  @Test
  void passesBuffersThroughAfterFinish() {
    NativeZstdEncoder encoder = new NativeZstdEncoder();
    EmbeddedChannel ch = new EmbeddedChannel(encoder);
    assertThat(encoder.finish().isSuccess()).isTrue();
    assertThat(encoder.isClosed()).isTrue();
    ch.writeOutbound(Unpooled.copiedBuffer("plain", StandardCharsets.US_ASCII));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    CompressionFixtures.drainOutbound(ch, out);
    assertThat(new String(out.toByteArray(), StandardCharsets.US_ASCII)).endsWith("plain");
    ch.finishAndReleaseAll();
  }

  @Test
  void refusesABombWhileInflating() {
    List<String> events = joined(feed(new NativeZstdDecoder(), resource("zeros.zst"), 16));
    assertThat(events).last().isEqualTo("!DecompressionLimitException");
    assertThat(events.getFirst().length() / 2)
        .as("bytes passed on before the limit")
        .isLessThanOrEqualTo((int) DecompressionLimits.DEFAULT.ratioGraceBytes() + 8192 + 2);
  }

  @Test
  void refusesAFrameOverTheOutputLimitAsItInflates() {
    byte[] stream = encodeStream(new NativeZstdEncoder(), toolText(200_000));
    List<String> events =
        joined(
            feed(new NativeZstdDecoder(DecompressionLimits.maxOutput(100_000), 4096), stream, 64));
    assertThat(events).last().isEqualTo("!DecompressionLimitException");
    assertThat(events.getFirst().length() / 2).isLessThanOrEqualTo(100_000 + 2);
  }

  @Test
  void rejectsCorruptDataABadChecksumAndATruncatedFrame() {
    byte[] stream = resource("text.txt.zst");
    for (int at : new int[] {stream.length / 2, stream.length - 2, 0}) {
      byte[] bad = stream.clone();
      bad[at] ^= 0x55;
      List<String> events = joined(feed(new NativeZstdDecoder(), bad, 1000));
      assertThat(events).as("flipped byte %d", at).last().asString().startsWith("!Decompression");
    }
    byte[] truncated = Arrays.copyOf(stream, stream.length - 10);
    assertThat(feed(new NativeZstdDecoder(), truncated, 512))
        .last()
        .isEqualTo("!DecompressionException");
  }

  @Test
  void dropsWhatFollowsAFailure() {
    byte[] good = encode(new ZstdEncoder(), "hello".getBytes(StandardCharsets.US_ASCII));
    byte[] stream = concat("garbage!".getBytes(StandardCharsets.US_ASCII), good);
    NativeZstdDecoder decoder = new NativeZstdDecoder();
    assertThat(feed(decoder, stream, 4)).containsExactly("!DecompressionException");
    assertThat(decoder.isClosed()).isTrue();
  }

  @Test
  void refusesLevelsTheLibraryDoesNotKnow() {
    assertThatThrownBy(() -> new NativeZstdEncoder(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new NativeZstdEncoder(23))
        .isInstanceOf(IllegalArgumentException.class);
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

package io.tern.codec.compression;

import static io.tern.codec.compression.CompressionFixtures.concat;
import static io.tern.codec.compression.CompressionFixtures.encode;
import static io.tern.codec.compression.CompressionFixtures.feed;
import static io.tern.codec.compression.CompressionFixtures.hex;
import static io.tern.codec.compression.CompressionFixtures.joined;
import static io.tern.codec.compression.CompressionFixtures.resource;
import static io.tern.codec.compression.CompressionFixtures.toolText;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.SplitFeeding;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ZstdCodecTest {

  @Test
  void decodesTheZstdToolsOutputWholeAndInChunks() {
    byte[] stream = resource("text.txt.zst");
    String expected = hex(toolText(200_000));
    for (int chunk : new int[] {stream.length, 4096, 333}) {
      assertThat(joined(feed(new ZstdDecoder(), stream, chunk)))
          .as("chunks of %d", chunk)
          .containsExactly(expected);
    }
  }

  @Test
  void roundTripsMessagesWhateverTheSplits() {
    byte[] text = ZlibCodecTest.text(12_000, 1);
    byte[] random = new byte[3000];
    new Random(2).nextBytes(random);
    byte[] stream = encode(new ZstdEncoder(), text, random);
    List<String> out = SplitFeeding.assertSameBytesAcrossSplits(ZstdDecoder::new, stream, 3);
    assertThat(out).containsExactly(hex(concat(text, random)));
  }

  @Test
  void eachMessageIsAFrameThatDeclaresItsSize() {
    byte[] text = ZlibCodecTest.text(5000, 7);
    byte[] first = encode(new ZstdEncoder(), text);
    assertThat(Arrays.copyOf(first, 4))
        .isEqualTo(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD});
    assertThat(first[4] & 0xC0).as("content size flag").isNotZero();
    byte[] two = encode(new ZstdEncoder(), text, text);
    assertThat(two.length).isEqualTo(2 * first.length);
    assertThat(joined(feed(new ZstdDecoder(), Arrays.copyOf(two, first.length), 100)))
        .containsExactly(hex(text));
  }

  @Test
  void emptyMessagesProduceNothing() {
    assertThat(encode(new ZstdEncoder(), new byte[0])).isEmpty();
  }

  @Test
  void skipsSkippableFrames() {
    byte[] hello = "hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] frame = encode(new ZstdEncoder(), hello);
    byte[] skippable = {0x5A, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3};
    byte[] stream = concat(skippable, frame, skippable, frame);
    List<String> out = SplitFeeding.assertSameBytesAcrossSplits(ZstdDecoder::new, stream, 5);
    assertThat(out).containsExactly(hex(concat(hello, hello)));
  }

  @Test
  void refusesAFrameDeclaringMoreThanTheLimitBeforeDecompressing() {
    byte[] stream = encode(new ZstdEncoder(), new byte[200_000]);
    List<String> events =
        feed(new ZstdDecoder(DecompressionLimits.maxOutput(100_000), 8192), stream, 64);
    assertThat(events).containsExactly("!DecompressionLimitException");
  }

  @Test
  void refusesABombThatDeclaresNoSize() {
    byte[] stream = resource("zeros.zst");
    List<String> events = joined(feed(new ZstdDecoder(), stream, 16));
    assertThat(events).last().isEqualTo("!DecompressionLimitException");
    assertThat(events.getFirst().length() / 2)
        .as("bytes passed on before the limit")
        .isLessThanOrEqualTo((int) DecompressionLimits.DEFAULT.ratioGraceBytes() + 16384 + 2);
  }

  @Test
  void rejectsCorruptDataAndABadChecksum() {
    byte[] stream = resource("text.txt.zst");
    for (int at : new int[] {stream.length / 2, stream.length - 2, 0}) {
      byte[] bad = stream.clone();
      bad[at] ^= 0x55;
      List<String> events = joined(feed(new ZstdDecoder(), bad, 1000));
      assertThat(events).as("flipped byte %d", at).last().asString().startsWith("!Decompression");
    }
  }

  @Test
  void reportsInputThatEndsInsideAFrame() {
    byte[] stream = resource("text.txt.zst");
    byte[] truncated = Arrays.copyOf(stream, stream.length - 10);
    assertThat(feed(new ZstdDecoder(), truncated, 512)).last().isEqualTo("!DecompressionException");
  }

  @Test
  void refusesFramesWithADictionary() {
    byte[] stream =
        encode(new ZstdEncoder(), "hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    byte[] withDictionaryFlag = stream.clone();
    withDictionaryFlag[4] |= 1;
    assertThat(feed(new ZstdDecoder(), withDictionaryFlag, 100))
        .containsExactly("!DecompressionException");
  }

  @Test
  void dropsWhatFollowsAFailure() {
    byte[] good =
        encode(new ZstdEncoder(), "hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    byte[] stream = concat("garbage!".getBytes(java.nio.charset.StandardCharsets.US_ASCII), good);
    assertThat(feed(new ZstdDecoder(), stream, 4)).containsExactly("!DecompressionException");
  }
}

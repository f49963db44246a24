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
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Lz4FrameCodecTest {
  private static final byte[] HELLO = "hello".getBytes(StandardCharsets.US_ASCII);

  @Test
  void decodesTheLz4ToolsOutputWithAndWithoutBlockChecksums() {
    String expected = hex(toolText(200_000));
    for (String name : new String[] {"text.txt.lz4", "checked.lz4"}) {
      byte[] stream = resource(name);
      for (int chunk : new int[] {stream.length, 5000, 777}) {
        assertThat(joined(feed(new Lz4FrameDecoder(), stream, chunk)))
            .as("%s in chunks of %d", name, chunk)
            .containsExactly(expected);
      }
    }
  }

  @Test
  void roundTripsMessagesWhateverTheSplits() {
    byte[] text = ZlibCodecTest.text(66_000, 1);
    byte[] random = new byte[3000];
    new Random(2).nextBytes(random);
    for (boolean blockChecksums : new boolean[] {false, true}) {
      byte[] stream =
          encode(
              new Lz4FrameEncoder(Lz4FrameEncoder.BlockSize.KB_64, blockChecksums), text, random);
      List<String> out = SplitFeeding.assertSameBytesAcrossSplits(Lz4FrameDecoder::new, stream, 3);
      assertThat(out)
          .as("block checksums %s", blockChecksums)
          .containsExactly(hex(concat(text, random)));
    }
  }

  @Test
  void storesIncompressibleBlocksAsTheyAre() {
    byte[] random = new byte[1000];
    new Random(9).nextBytes(random);
    byte[] stream = encode(new Lz4FrameEncoder(), random);
    // magic, FLG, BD, content size, HC; then the block size with its top bit set.
    int sizeField =
        (stream[15] & 0xFF)
            | (stream[16] & 0xFF) << 8
            | (stream[17] & 0xFF) << 16
            | (stream[18] & 0xFF) << 24;
    assertThat(sizeField).isEqualTo(1000 | 0x80000000);
    assertThat(stream.length).isEqualTo(15 + 4 + 1000 + 4 + 4);
    assertThat(joined(feed(new Lz4FrameDecoder(), stream, 100))).containsExactly(hex(random));
  }

  @Test
  void emptyMessagesProduceNothing() {
    assertThat(encode(new Lz4FrameEncoder(), new byte[0])).isEmpty();
  }

  @Test
  void largerBlockSizesRoundTrip() {
    byte[] text = ZlibCodecTest.text(600_000, 3);
    for (Lz4FrameEncoder.BlockSize size : Lz4FrameEncoder.BlockSize.values()) {
      byte[] stream = encode(new Lz4FrameEncoder(size, true), text);
      assertThat(joined(feed(new Lz4FrameDecoder(), stream, 10_000)))
          .as("%s", size)
          .containsExactly(hex(text));
    }
  }

  @Test
  void refusesLinkedBlocksClearly() {
    assertThat(feed(new Lz4FrameDecoder(), resource("linked.lz4"), 1000))
        .containsExactly("!DecompressionException");
  }

  @Test
  void skipsSkippableFrames() {
    byte[] frame = encode(new Lz4FrameEncoder(), HELLO);
    byte[] skippable = {0x51, 0x2A, 0x4D, 0x18, 2, 0, 0, 0, 7, 7};
    List<String> out =
        SplitFeeding.assertSameBytesAcrossSplits(
            Lz4FrameDecoder::new, concat(frame, skippable, frame), 4);
    assertThat(out).containsExactly(hex(concat(HELLO, HELLO)));
  }

  @Test
  void checksEveryChecksum() {
    byte[] text = ZlibCodecTest.text(2000, 5);
    byte[] stream = encode(new Lz4FrameEncoder(Lz4FrameEncoder.BlockSize.KB_64, true), text);
    int blockSize =
        ((stream[15] & 0xFF) | (stream[16] & 0xFF) << 8 | (stream[17] & 0xFF) << 16) & 0x7FFFFF;
    int header = 14;
    int block = 15 + 4 + blockSize;
    int content = stream.length - 1;
    for (int at : new int[] {header, block}) {
      byte[] bad = stream.clone();
      bad[at] ^= 1;
      assertThat(feed(new Lz4FrameDecoder(), bad, 64))
          .as("flipped byte %d", at)
          .containsExactly("!DecompressionException");
    }
    byte[] badContent = stream.clone();
    badContent[content] ^= 1;
    // The content checksum comes after the blocks, which were passed on as they came.
    assertThat(feed(new Lz4FrameDecoder(), badContent, 64))
        .last()
        .isEqualTo("!DecompressionException");
    byte[] bad = stream.clone();
    bad[content] ^= 1;
    assertThat(joined(feed(new Lz4FrameDecoder(DecompressionLimits.DEFAULT, false), bad, 64)))
        .as("checksums not verified")
        .containsExactly(hex(text));
  }

  @Test
  void refusesADeclaredSizeOverTheLimitBeforeDecompressing() {
    byte[] stream = encode(new Lz4FrameEncoder(), new byte[200_000]);
    assertThat(feed(new Lz4FrameDecoder(DecompressionLimits.maxOutput(100_000), true), stream, 50))
        .containsExactly("!DecompressionLimitException");
  }

  @Test
  void refusesABlockLargerThanTheFramesMaximumBeforeBufferingIt() {
    byte[] stream = encode(new Lz4FrameEncoder(), HELLO);
    byte[] bad = stream.clone();
    // Block size field: 64 KiB + 1, compressed.
    bad[15] = 1;
    bad[16] = 0;
    bad[17] = 1;
    bad[18] = 0;
    assertThat(feed(new Lz4FrameDecoder(), Arrays.copyOf(bad, 19), 19))
        .containsExactly("!DecompressionException");
  }

  @Test
  void refusesABombThatDeclaresNoSize() {
    List<String> events = joined(feed(new Lz4FrameDecoder(), resource("zeros.lz4"), 1024));
    assertThat(events).last().isEqualTo("!DecompressionLimitException");
    assertThat(events.getFirst().length() / 2)
        .as("bytes passed on before the limit")
        .isLessThanOrEqualTo((int) DecompressionLimits.DEFAULT.ratioGraceBytes() + 4 * 1024 * 1024);
  }

  @Test
  void reportsInputThatEndsInsideAFrame() {
    byte[] stream = encode(new Lz4FrameEncoder(), ZlibCodecTest.text(3000, 2));
    assertThat(feed(new Lz4FrameDecoder(), Arrays.copyOf(stream, stream.length - 3), 100))
        .last()
        .isEqualTo("!DecompressionException");
  }

  @Test
  void rejectsWhatIsNotAnLz4Frame() {
    assertThat(feed(new Lz4FrameDecoder(), "not lz4 at all".getBytes(StandardCharsets.US_ASCII), 3))
        .containsExactly("!DecompressionException");
  }
}

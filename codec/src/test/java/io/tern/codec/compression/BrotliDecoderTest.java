package io.tern.codec.compression;

import static io.tern.codec.compression.CompressionFixtures.feed;
import static io.tern.codec.compression.CompressionFixtures.hex;
import static io.tern.codec.compression.CompressionFixtures.joined;
import static io.tern.codec.compression.CompressionFixtures.resource;
import static io.tern.codec.compression.CompressionFixtures.toolText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.SplitFeeding;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class BrotliDecoderTest {

  @Test
  void decodesTheBrotliToolsOutputWhenTheInputEnds() {
    byte[] stream = resource("text.txt.br");
    EmbeddedChannel ch = new EmbeddedChannel(new BrotliDecoder());
    ch.writeInbound(Unpooled.copiedBuffer(stream, 0, 1000));
    ch.writeInbound(Unpooled.copiedBuffer(stream, 1000, stream.length - 1000));
    assertThat(ch.inboundMessages()).as("nothing before the input ends").isEmpty();
    ch.finish();
    StringBuilder out = new StringBuilder();
    ByteBuf b;
    while ((b = ch.readInbound()) != null) {
      out.append(SplitFeeding.describe(b).substring(4));
      b.release();
    }
    assertThat("hex:" + out).isEqualTo(hex(toolText(200_000)));
  }

  @Test
  void givesTheSameBytesWhateverTheSplits() {
    List<String> out =
        SplitFeeding.assertSameBytesAcrossSplits(BrotliDecoder::new, resource("small.txt.br"), 8);
    assertThat(out).containsExactly(hex(toolText(20_000)));
  }

  @Test
  void refusesABomb() {
    List<String> events = joined(feed(new BrotliDecoder(), resource("zeros.br"), 80));
    assertThat(events).last().isEqualTo("!DecompressionLimitException");
  }

  @Test
  void refusesToHoldMoreCompressedBytesThanTheLimit() {
    byte[] stream = resource("text.txt.br");
    List<String> events =
        feed(new BrotliDecoder(DecompressionLimits.maxOutput(2000), 1024), stream, 500);
    assertThat(events).containsExactly("!DecompressionLimitException");
  }

  @Test
  void rejectsCorruptAndTruncatedStreams() {
    byte[] stream = resource("small.txt.br");
    byte[] corrupt = stream.clone();
    // Window bits code 1 000 001 (read from the low bit up): reserved, so invalid.
    corrupt[0] = 0x11;
    byte[] truncated = Arrays.copyOf(stream, stream.length / 2);
    for (byte[] bad : new byte[][] {corrupt, truncated}) {
      assertThat(feed(new BrotliDecoder(), bad, 100)).last().isEqualTo("!DecompressionException");
    }
  }

  @Test
  void namesTheMissingLibrary() {
    assertThatThrownBy(
            () ->
                CompressionLibraries.require("brotli", "org.brotli.dec.Missing", "org.brotli:dec"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("brotli needs org.brotli:dec");
  }
}

package io.tern.codec.compression;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.SplitFeeding;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SnappyFrameCodecTest {

  private static byte[] encode(byte[]... messages) {
    EmbeddedChannel ch = new EmbeddedChannel(new SnappyFrameEncoder());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] m : messages) {
      ch.writeOutbound(Unpooled.copiedBuffer(m));
      ByteBuf b;
      while ((b = ch.readOutbound()) != null) {
        out.writeBytes(ByteBufUtil.getBytes(b));
        b.release();
      }
    }
    ch.finish();
    return out.toByteArray();
  }

  private static String hex(byte[] b) {
    return SplitFeeding.describe(Unpooled.wrappedBuffer(b));
  }

  @Test
  void roundTripsTextAndRandomBytesWhateverTheSplits() {
    byte[] text = ZlibCodecTest.text(12_000, 1);
    byte[] random = new byte[3000];
    new Random(2).nextBytes(random);
    byte[] stream = encode(text, random);
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    expected.writeBytes(text);
    expected.writeBytes(random);
    List<String> out = SplitFeeding.assertSameBytesAcrossSplits(SnappyFrameDecoder::new, stream, 3);
    assertThat(out).containsExactly(hex(expected.toByteArray()));
  }

  @Test
  void messagesOverOneChunkAreSplitIntoCompressedChunks() {
    byte[] zeros = new byte[200_000];
    byte[] stream = encode(zeros);
    assertThat(stream.length).isLessThan(20_000);
    List<String> out =
        SplitFeeding.feed(new SnappyFrameDecoder(), stream, new int[] {stream.length}, false, null);
    assertThat(String.join("", out).replace("hex:", "")).isEqualTo("00".repeat(200_000));
  }

  @Test
  void rejectsABadChecksumAndAMissingStreamIdentifier() {
    byte[] stream = encode(ZlibCodecTest.text(1000, 4));
    byte[] badCrc = stream.clone();
    badCrc[14] ^= 1;
    byte[] noId = java.util.Arrays.copyOfRange(stream, 10, stream.length);
    for (byte[] bad : new byte[][] {badCrc, noId}) {
      List<String> events =
          SplitFeeding.feed(new SnappyFrameDecoder(), bad, new int[] {bad.length}, false, null);
      assertThat(events).containsExactly("!DecompressionException");
    }
  }

  @Test
  void refusesMoreOutputThanTheLimit() {
    byte[] stream = encode(new byte[200_000]);
    List<String> events =
        SplitFeeding.feed(
            new SnappyFrameDecoder(DecompressionLimits.maxOutput(100_000), true),
            stream,
            new int[] {stream.length},
            false,
            null);
    assertThat(events).last().isEqualTo("!DecompressionLimitException");
  }

  @Test
  void skipsPaddingAndSkippableChunks() {
    byte[] stream = encode("hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    ByteArrayOutputStream withPadding = new ByteArrayOutputStream();
    withPadding.writeBytes(java.util.Arrays.copyOfRange(stream, 0, 10));
    withPadding.writeBytes(new byte[] {(byte) 0xfe, 3, 0, 0, 0, 0, 0});
    withPadding.writeBytes(new byte[] {(byte) 0x80, 1, 0, 0, 9});
    withPadding.writeBytes(java.util.Arrays.copyOfRange(stream, 10, stream.length));
    List<String> out =
        SplitFeeding.assertSameBytesAcrossSplits(
            SnappyFrameDecoder::new, withPadding.toByteArray(), 5);
    assertThat(out)
        .containsExactly(hex("hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
  }
}

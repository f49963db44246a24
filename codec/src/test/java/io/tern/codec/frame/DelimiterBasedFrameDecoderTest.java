package io.tern.codec.frame;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.SplitFeeding;
import java.util.List;
import org.junit.jupiter.api.Test;

class DelimiterBasedFrameDecoderTest {

  private static String hex(String s) {
    return SplitFeeding.describe(Unpooled.wrappedBuffer(s.getBytes(US_ASCII)));
  }

  private static ByteBuf delim(String s) {
    return Unpooled.wrappedBuffer(s.getBytes(US_ASCII));
  }

  @Test
  void splitsAtAMultiByteDelimiterWhateverTheSplits() {
    byte[] input = "one<>two<><>three<four<>".getBytes(US_ASCII);
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new DelimiterBasedFrameDecoder(32, delim("<>")), input, 1);
    assertThat(frames).containsExactly(hex("one"), hex("two"), hex(""), hex("three<four"));
  }

  @Test
  void theDelimiterGivingTheShortestFrameWins() {
    byte[] input = "ab--cd|ef--".getBytes(US_ASCII);
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new DelimiterBasedFrameDecoder(32, delim("--"), delim("|")), input, 2);
    assertThat(frames).containsExactly(hex("ab"), hex("cd"), hex("ef"));
  }

  @Test
  void onATieTheFirstDelimiterWins() {
    byte[] input = "x;;y;.".getBytes(US_ASCII);
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new DelimiterBasedFrameDecoder(32, false, false, delim(";;"), delim(";")),
            input,
            3);
    assertThat(frames).containsExactly(hex("x;;"), hex("y;"));
  }

  @Test
  void waitsWhileALongerDelimiterMayStillMatch() {
    io.tern.transport.embedded.EmbeddedChannel ch =
        new io.tern.transport.embedded.EmbeddedChannel(
            new DelimiterBasedFrameDecoder(32, delim(";;"), delim(";")));
    assertThat(ch.writeInbound(Unpooled.copiedBuffer("a;", US_ASCII))).isFalse();
    assertThat(ch.writeInbound(Unpooled.copiedBuffer(";", US_ASCII))).isTrue();
    ByteBuf a = ch.readInbound();
    assertThat(a.toString(US_ASCII)).isEqualTo("a");
    a.release();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void lineDelimitersBehaveLikeTheLineDecoder() {
    byte[] input = "a\r\nb\nc".getBytes(US_ASCII);
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new DelimiterBasedFrameDecoder(8, Delimiters.lineDelimiter()), input, 4);
    assertThat(frames).containsExactly(hex("a"), hex("b"));
  }

  @Test
  void tooLongFramesAreSkippedAndReportedThenDecodingResumes() {
    byte[] input = "ok<>much too long a frame<>fine<>".getBytes(US_ASCII);
    for (boolean failFast : new boolean[] {false, true}) {
      List<String> frames =
          SplitFeeding.assertSameAcrossSplits(
              () -> new DelimiterBasedFrameDecoder(6, true, failFast, delim("<>")), input, 5);
      assertThat(frames).containsExactly(hex("ok"), "!TooLongFrameException", hex("fine"));
    }
  }

  @Test
  void aFrameOfExactlyTheMaximumIsAcceptedWhenItsDelimiterArrivesInPieces() {
    byte[] input = "abcd<<>>e<<>>".getBytes(US_ASCII);
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new DelimiterBasedFrameDecoder(4, delim("<<>>")), input, 6);
    assertThat(frames).containsExactly(hex("abcd"), hex("e"));
  }

  @Test
  void nulDelimiterSplitsAtZeroBytes() {
    byte[] input = {'a', 0, 'b', 'c', 0};
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new DelimiterBasedFrameDecoder(8, Delimiters.nulDelimiter()), input, 7);
    assertThat(frames).containsExactly(hex("a"), hex("bc"));
  }

  @Test
  void rejectsBadArguments() {
    assertThatThrownBy(() -> new DelimiterBasedFrameDecoder(0, delim("x")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new DelimiterBasedFrameDecoder(8))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new DelimiterBasedFrameDecoder(8, Unpooled.EMPTY_BUFFER))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

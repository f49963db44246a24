package io.tern.codec.frame;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.SplitFeeding;
import io.tern.codec.TooLongFrameException;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineBasedFrameDecoderTest {

  private static String hex(String s) {
    return SplitFeeding.describe(Unpooled.wrappedBuffer(s.getBytes(US_ASCII)));
  }

  @Test
  void splitsLinesTheSameWhateverTheSplits() {
    byte[] input = "first\r\nsecond\n\nthird line\r\n\r\nlast\n".getBytes(US_ASCII);
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(() -> new LineBasedFrameDecoder(16), input, 1);
    assertThat(frames)
        .containsExactly(
            hex("first"), hex("second"), hex(""), hex("third line"), hex(""), hex("last"));
  }

  @Test
  void keepsDelimitersWhenAsked() {
    byte[] input = "a\r\nb\n".getBytes(US_ASCII);
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new LineBasedFrameDecoder(16, false, false), input, 2);
    assertThat(frames).containsExactly(hex("a\r\n"), hex("b\n"));
  }

  @Test
  void aLineOfExactlyTheMaximumIsAcceptedEvenWhenItsCrArrivesAlone() {
    byte[] input = "abc\r\nabcd\r\nxy\n".getBytes(US_ASCII);
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(() -> new LineBasedFrameDecoder(3), input, 3);
    assertThat(frames).containsExactly(hex("abc"), "!TooLongFrameException", hex("xy"));
  }

  @Test
  void tooLongLinesAreSkippedAndReportedThenDecodingResumes() {
    byte[] input = "ok\nthis line is far too long\nfine\n".getBytes(US_ASCII);
    for (boolean failFast : new boolean[] {false, true}) {
      List<String> frames =
          SplitFeeding.assertSameAcrossSplits(
              () -> new LineBasedFrameDecoder(5, true, failFast), input, 4);
      assertThat(frames).containsExactly(hex("ok"), "!TooLongFrameException", hex("fine"));
    }
  }

  @Test
  void failFastReportsBeforeTheLineEnds() {
    EmbeddedChannel ch = new EmbeddedChannel(new LineBasedFrameDecoder(4, true, true));
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.copiedBuffer("123456", US_ASCII)))
        .isInstanceOf(TooLongFrameException.class)
        .hasMessageContaining("exceeds the allowed maximum (4)");
    ch.writeInbound(Unpooled.copiedBuffer("78\nok\n", US_ASCII));
    ByteBuf ok = ch.readInbound();
    assertThat(ok.toString(US_ASCII)).isEqualTo("ok");
    ok.release();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void withoutFailFastReportsOnceTheLineEnds() {
    EmbeddedChannel ch = new EmbeddedChannel(new LineBasedFrameDecoder(4));
    ch.writeInbound(Unpooled.copiedBuffer("123456", US_ASCII));
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.copiedBuffer("78\n", US_ASCII)))
        .isInstanceOf(TooLongFrameException.class)
        .hasMessageContaining("(8)");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void anUnterminatedLastLineIsNotAFrame() {
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new LineBasedFrameDecoder(8), "a\nrest".getBytes(US_ASCII), 5);
    assertThat(frames).containsExactly(hex("a"));
  }

  @Test
  void rejectsNonPositiveMaximum() {
    assertThatThrownBy(() -> new LineBasedFrameDecoder(0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

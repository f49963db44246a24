package io.tern.codec.frame;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.Unpooled;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.SplitFeeding;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonObjectDecoderTest {

  private static String hex(String s) {
    return SplitFeeding.describe(Unpooled.wrappedBuffer(s.getBytes(UTF_8)));
  }

  @Test
  void splitsObjectsAndArraysWhateverTheSplits() {
    String input = " {\"a\":1}\n[2, {\"b\":[3]}]\t{\"s\":\"}]{[\\\"\\\\\"} {\"u\":\"é\"}";
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new JsonObjectDecoder(), input.getBytes(UTF_8), 1);
    assertThat(frames)
        .containsExactly(
            hex("{\"a\":1}"),
            hex("[2, {\"b\":[3]}]"),
            hex("{\"s\":\"}]{[\\\"\\\\\"}"),
            hex("{\"u\":\"é\"}"));
  }

  @Test
  void streamsTheElementsOfATopLevelArray() {
    String input = "[ {\"a\":1} , 2,\"x,]\" ,[3,4]\n] {\"next\":true}";
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new JsonObjectDecoder(64, true), input.getBytes(UTF_8), 2);
    assertThat(frames)
        .containsExactly(
            hex("{\"a\":1}"), hex("2"), hex("\"x,]\""), hex("[3,4]"), hex("{\"next\":true}"));
  }

  @Test
  void tooLongObjectsAreSkippedAndReportedThenDecodingResumes() {
    String input = "{\"ok\":1}{\"long\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaa}\"}{\"b\":2}";
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new JsonObjectDecoder(12, false), input.getBytes(UTF_8), 3);
    assertThat(frames)
        .containsExactly(hex("{\"ok\":1}"), "!TooLongFrameException", hex("{\"b\":2}"));
  }

  @Test
  void tooLongArrayElementsAreSkippedAndTheArrayGoesOn() {
    String input = "[1,\"aaaaaaaaaaaaaaaaaaaaaaaa\",3]";
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new JsonObjectDecoder(8, true), input.getBytes(UTF_8), 4);
    assertThat(frames).containsExactly(hex("1"), "!TooLongFrameException", hex("3"));
  }

  @Test
  void somethingThatCannotStartAJsonTextIsCorruptAndEndsDecoding() {
    EmbeddedChannel ch = new EmbeddedChannel(new JsonObjectDecoder());
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.copiedBuffer("  x{}", UTF_8)))
        .isInstanceOf(CorruptedFrameException.class);
    assertThat(ch.writeInbound(Unpooled.copiedBuffer("{}", UTF_8))).isFalse();
    assertThat(ch.finish()).isFalse();
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            JsonObjectDecoder::new, "{} x {} [,] {}".getBytes(UTF_8), 9);
    assertThat(frames).containsExactly(hex("{}"), "!CorruptedFrameException");
  }

  @Test
  void rejectsNonPositiveMaximum() {
    assertThatThrownBy(() -> new JsonObjectDecoder(0, false))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

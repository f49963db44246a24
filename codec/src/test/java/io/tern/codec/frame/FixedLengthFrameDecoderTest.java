package io.tern.codec.frame;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.Unpooled;
import io.tern.codec.SplitFeeding;
import java.util.List;
import org.junit.jupiter.api.Test;

class FixedLengthFrameDecoderTest {

  private static String hex(String s) {
    return SplitFeeding.describe(Unpooled.wrappedBuffer(s.getBytes(US_ASCII)));
  }

  @Test
  void splitsIntoFixedFramesWhateverTheSplits() {
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new FixedLengthFrameDecoder(3), "ABCDEFGHIJ".getBytes(US_ASCII), 1);
    assertThat(frames).containsExactly(hex("ABC"), hex("DEF"), hex("GHI"));
  }

  @Test
  void rejectsNonPositiveLength() {
    assertThatThrownBy(() -> new FixedLengthFrameDecoder(0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

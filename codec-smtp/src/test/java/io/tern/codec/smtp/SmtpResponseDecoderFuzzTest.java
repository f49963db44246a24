package io.tern.codec.smtp;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes {@link SmtpResponseDecoder} with small limits: any input, split anywhere, decodes to the
 * same replies as whole, fails only with the typed exceptions, and leaks nothing (the leak
 * extension fails the test otherwise). The normal build replays the inputs under {@code
 * src/test/resources/io/tern/codec/smtp/SmtpResponseDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1}
 * fuzzes.
 */
class SmtpResponseDecoderFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void decodesOrRejectsAnyInputWithoutLeaking(FuzzedDataProvider data) {
    int maxLineLength = data.consumeInt(3, 64);
    int maxLines = data.consumeInt(1, 8);
    byte[] input = data.consumeBytes(data.consumeInt(0, 2048));
    List<Integer> sizes = new ArrayList<>();
    int left = input.length;
    while (left > 0) {
      int size = data.remainingBytes() > 0 ? data.consumeInt(1, Math.min(left, 64)) : left;
      sizes.add(size);
      left -= size;
    }
    int[] splits = sizes.stream().mapToInt(Integer::intValue).toArray();
    List<String> whole = SmtpFeeding.feed(maxLineLength, maxLines, input, new int[] {input.length});
    List<String> split = SmtpFeeding.feed(maxLineLength, maxLines, input, splits);
    for (String event : whole) {
      if (event.startsWith("!")) {
        assertThat(event).matches("!(SmtpCodecException|TooLongFrameException)");
      }
    }
    assertThat(split).isEqualTo(whole);
  }
}

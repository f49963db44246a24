package io.tern.codec.stomp;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes the decoding half of {@link StompCodec} in every version with small limits: any input,
 * split anywhere, decodes to the same frames as whole, fails only with the typed exceptions, and
 * leaks nothing (the leak extension fails the test otherwise). The normal build replays the inputs
 * under {@code src/test/resources/io/tern/codec/stomp/StompCodecFuzzTestInputs}; {@code
 * JAZZER_FUZZ=1} fuzzes.
 */
class StompCodecFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void decodesOrRejectsAnyInputWithoutLeaking(FuzzedDataProvider data) {
    StompDecoderConfig config =
        new StompDecoderConfig(
            data.consumeInt(1, 64), data.consumeInt(0, 8), data.consumeInt(1, 1024));
    StompVersion version = data.pickValue(StompVersion.values());
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    int[] splits = splits(data, input.length);
    List<String> whole = StompFeeding.feed(config, version, input, new int[] {input.length});
    List<String> split = StompFeeding.feed(config, version, input, splits);
    for (String event : whole) {
      if (event.startsWith("!")) {
        assertThat(event).matches("!(StompCodecException|TooLongFrameException)");
      }
    }
    assertThat(split).isEqualTo(whole);
  }

  private static int[] splits(FuzzedDataProvider data, int length) {
    List<Integer> sizes = new ArrayList<>();
    int left = length;
    while (left > 0) {
      int size =
          data.remainingBytes() > 0 ? data.consumeInt(1, Math.max(1, Math.min(left, 64))) : left;
      size = Math.min(size, left);
      sizes.add(size);
      left -= size;
    }
    return sizes.stream().mapToInt(Integer::intValue).toArray();
  }
}

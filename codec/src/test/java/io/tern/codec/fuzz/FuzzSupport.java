package io.tern.codec.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.tern.codec.SplitFeeding;
import io.tern.transport.channel.ChannelHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Runs a decoder over fuzzed bytes, whole and in fuzzed splits, and checks it behaves. */
final class FuzzSupport {
  private FuzzSupport() {}

  /**
   * Feeds {@code input} all at once and in the splits the provider chooses; asserts that only
   * decoder exceptions occur (the recorder turns them into {@code !Name} entries, anything else
   * escapes and fails) and, if {@code sameFrames}, that both runs agree. Leaks fail the test
   * through the leak-detection extension.
   */
  static void check(
      FuzzedDataProvider data,
      Supplier<? extends ChannelHandler> decoders,
      byte[] input,
      boolean sameFrames) {
    int[] splits = splits(data, input.length);
    List<String> whole =
        SplitFeeding.feed(decoders.get(), input, new int[] {input.length}, false, null);
    List<String> split = SplitFeeding.feed(decoders.get(), input, splits, true, null);
    for (List<String> events : List.of(whole, split)) {
      for (String e : events) {
        if (e.startsWith("!")) {
          assertThat(e)
              .matches(
                  "!(DecoderException|TooLongFrameException|CorruptedFrameException"
                      + "|DecompressionException|DecompressionLimitException)");
        }
      }
    }
    if (sameFrames) {
      assertThat(split).isEqualTo(whole);
    }
  }

  static int[] splits(FuzzedDataProvider data, int length) {
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

package io.tern.codec.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes the decoder, aggregating and streaming, with small limits: any input, split anywhere,
 * decodes to the same messages as whole, fails only with the typed exceptions, and leaks nothing
 * (the leak extension fails the test otherwise). The normal build replays the inputs under {@code
 * src/test/resources/io/tern/codec/redis/RedisDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class RedisDecoderFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void decodesOrRejectsAnyInputWithoutLeaking(FuzzedDataProvider data) {
    RedisDecoderConfig config =
        RedisDecoderConfig.DEFAULT
            .withAggregate(data.consumeBoolean())
            .withInlineCommands(data.consumeBoolean())
            .withMaxLineLength(data.consumeInt(1, 64))
            .withMaxBulkLength(data.consumeInt(1, 256))
            .withMaxAggregateLength(data.consumeInt(1, 64))
            .withMaxNestingDepth(data.consumeInt(1, 8))
            .withMaxMessageBytes(data.consumeInt(1, 1024));
    boolean direct = data.consumeBoolean();
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    int[] splits = splits(data, input.length);
    List<String> errors = new ArrayList<>();
    List<String> whole = RespFeeding.feed(config, input, new int[] {input.length}, direct, errors);
    List<String> split = RespFeeding.feed(config, input, splits, !direct);
    assertThat(errors).allMatch(e -> e.matches("RedisCodecException|TooLongFrameException"));
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

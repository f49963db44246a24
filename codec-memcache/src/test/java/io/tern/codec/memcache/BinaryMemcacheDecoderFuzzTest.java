package io.tern.codec.memcache;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes both binary memcache decoders: any bytes, split anywhere, give the same messages as whole,
 * fail only with the typed exceptions, and leak nothing. The normal build replays the inputs under
 * {@code src/test/resources/io/tern/codec/memcache/BinaryMemcacheDecoderFuzzTestInputs}.
 */
class BinaryMemcacheDecoderFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void decodesOrRejectsAnyInputWithoutLeaking(FuzzedDataProvider data) {
    boolean requests = data.consumeBoolean();
    int max = data.consumeInt(0, 512);
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    int[] splits = splits(data, input.length);
    List<String> whole =
        BinaryMemcacheCodecTest.feed(
            requests
                ? new BinaryMemcacheRequestDecoder(max)
                : new BinaryMemcacheResponseDecoder(max),
            input,
            new int[] {input.length});
    List<String> split =
        BinaryMemcacheCodecTest.feed(
            requests
                ? new BinaryMemcacheRequestDecoder(max)
                : new BinaryMemcacheResponseDecoder(max),
            input,
            splits);
    for (String event : whole) {
      if (event.startsWith("!")) {
        assertThat(event).matches("!(MemcacheCodecException|TooLongFrameException)");
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

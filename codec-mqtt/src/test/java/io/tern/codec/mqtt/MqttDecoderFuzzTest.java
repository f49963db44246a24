package io.tern.codec.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes the decoder on both sides and in every version: any bytes, split anywhere, give the same
 * messages as when fed whole, fail only with {@link MqttDecoderException}, and leak nothing. Every
 * message decoded is encoded again (the encoder must accept whatever the decoder produced) and that
 * encoding decodes to an equal message ({@link MqttFeed}). In the normal build this replays the
 * inputs under {@code src/test/resources/io/tern/codec/mqtt/MqttDecoderFuzzTestInputs}; {@code
 * JAZZER_FUZZ=1} fuzzes.
 */
class MqttDecoderFuzzTest {

  @FuzzTest(maxDuration = "60s")
  void serverSide(FuzzedDataProvider data) {
    MqttVersion version = data.pickValue(MqttVersion.values());
    boolean connectFirst = data.consumeBoolean();
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    int[] splits = splits(data, input.length);
    List<String> whole =
        MqttFeed.feed(true, version, connectFirst, input, new int[] {input.length});
    List<String> split = MqttFeed.feed(true, version, connectFirst, input, splits);
    assertThat(split).isEqualTo(whole);
  }

  @FuzzTest(maxDuration = "60s")
  void clientSide(FuzzedDataProvider data) {
    MqttVersion version = data.pickValue(MqttVersion.values());
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    int[] splits = splits(data, input.length);
    List<String> whole = MqttFeed.feed(false, version, true, input, new int[] {input.length});
    List<String> split = MqttFeed.feed(false, version, true, input, splits);
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

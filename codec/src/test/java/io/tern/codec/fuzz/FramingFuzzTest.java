package io.tern.codec.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.Unpooled;
import io.tern.codec.frame.DelimiterBasedFrameDecoder;
import io.tern.codec.frame.FixedLengthFrameDecoder;
import io.tern.codec.frame.JsonObjectDecoder;
import io.tern.codec.frame.LengthFieldBasedFrameDecoder;
import io.tern.codec.frame.LineBasedFrameDecoder;
import io.tern.codec.frame.Varint32FrameDecoder;
import java.nio.ByteOrder;

/**
 * Fuzzes the framing decoders: any input, split anywhere, gives the same frames as whole and only
 * typed decoder exceptions, and leaks nothing. In the normal build this replays the inputs under
 * {@code src/test/resources/io/tern/codec/fuzz/FramingFuzzTestInputs}; {@code JAZZER_FUZZ=1}
 * fuzzes.
 */
class FramingFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void lineBased(FuzzedDataProvider data) {
    int max = data.consumeInt(1, 64);
    boolean strip = data.consumeBoolean();
    boolean failFast = data.consumeBoolean();
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    FuzzSupport.check(data, () -> new LineBasedFrameDecoder(max, strip, failFast), input, true);
  }

  @FuzzTest(maxDuration = "30s")
  void delimiterBased(FuzzedDataProvider data) {
    int max = data.consumeInt(1, 64);
    boolean strip = data.consumeBoolean();
    boolean failFast = data.consumeBoolean();
    byte[] d1 = data.consumeBytes(data.consumeInt(1, 3));
    byte[] d2 = data.consumeBytes(data.consumeInt(1, 3));
    if (d1.length == 0 || d2.length == 0) {
      return;
    }
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    FuzzSupport.check(
        data,
        () ->
            new DelimiterBasedFrameDecoder(
                max, strip, failFast, Unpooled.wrappedBuffer(d1), Unpooled.wrappedBuffer(d2)),
        input,
        true);
  }

  @FuzzTest(maxDuration = "30s")
  void lengthField(FuzzedDataProvider data) {
    ByteOrder order = data.consumeBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    int fieldLength = data.pickValue(new int[] {1, 2, 3, 4, 8});
    int offset = data.consumeInt(0, 4);
    int max = data.consumeInt(offset + fieldLength, 256);
    int adjustment = data.consumeInt(-12, 12);
    int strip = data.consumeInt(0, 12);
    boolean failFast = data.consumeBoolean();
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    FuzzSupport.check(
        data,
        () ->
            new LengthFieldBasedFrameDecoder(
                order, max, offset, fieldLength, adjustment, strip, failFast),
        input,
        true);
  }

  @FuzzTest(maxDuration = "30s")
  void varint32(FuzzedDataProvider data) {
    int max = data.consumeInt(0, 256);
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    FuzzSupport.check(data, () -> new Varint32FrameDecoder(max), input, true);
  }

  @FuzzTest(maxDuration = "30s")
  void jsonObjects(FuzzedDataProvider data) {
    int max = data.consumeInt(1, 256);
    boolean stream = data.consumeBoolean();
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    FuzzSupport.check(data, () -> new JsonObjectDecoder(max, stream), input, true);
  }

  @FuzzTest(maxDuration = "30s")
  void fixedLength(FuzzedDataProvider data) {
    int length = data.consumeInt(1, 64);
    byte[] input = data.consumeBytes(data.consumeInt(0, 4096));
    FuzzSupport.check(data, () -> new FixedLengthFrameDecoder(length), input, true);
  }
}

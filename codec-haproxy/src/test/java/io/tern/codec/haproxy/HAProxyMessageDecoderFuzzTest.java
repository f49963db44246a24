package io.tern.codec.haproxy;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.Objects;

/**
 * Fuzzes the PROXY header decoder: any bytes, whole or cut into pieces, decode to the same message
 * or to an {@link HAProxyProtocolException} that closes the channel; nothing else is thrown and
 * nothing leaks (the leak extension checks every run). The normal build replays the seeds in {@code
 * HAProxyMessageDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class HAProxyMessageDecoderFuzzTest {

  @FuzzTest(maxDuration = "60s")
  void decodesOrRefusesAnyInput(FuzzedDataProvider data) {
    int piece = data.consumeInt(1, 32);
    int limit = data.consumeInt(HAProxyMessageDecoder.MIN_MAX_HEADER_LENGTH, 1024);
    byte[] input = data.consumeRemainingAsBytes();
    String whole = outcome(input, input.length, limit);
    String split = outcome(input, piece, limit);
    if (!Objects.equals(whole, split)) {
      throw new AssertionError("whole: " + whole + ", in pieces of " + piece + ": " + split);
    }
  }

  private static String outcome(byte[] input, int piece, int limit) {
    EmbeddedChannel ch = new EmbeddedChannel(new HAProxyMessageDecoder(limit));
    String result = "none";
    try {
      for (int i = 0; i < input.length && ch.isOpen(); i += piece) {
        ch.writeInbound(Unpooled.copiedBuffer(input, i, Math.min(piece, input.length - i)));
        Object o;
        while ((o = ch.readInbound()) != null) {
          if (o instanceof HAProxyMessage m) {
            result = m.toString();
          }
          ReferenceCountUtil.release(o);
        }
      }
    } catch (HAProxyProtocolException e) {
      if (ch.isOpen()) {
        throw new AssertionError("refused without closing", e);
      }
      result = "refused";
    } finally {
      ch.finishAndReleaseAll();
    }
    return result;
  }
}

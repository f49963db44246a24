package io.tern.codec.dns;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;

/**
 * Fuzzes the message decoder: any bytes decode or raise a {@link DnsDecoderException}, nothing
 * else; a message that decodes encodes again (with compression) to bytes that decode to the same
 * message. The normal build replays the seeds in {@code DnsMessageFuzzTestInputs}; {@code
 * JAZZER_FUZZ=1} fuzzes.
 */
class DnsMessageFuzzTest {

  @FuzzTest(maxDuration = "60s")
  void decodesOrRefusesAnyInput(FuzzedDataProvider data) {
    byte[] input = data.consumeRemainingAsBytes();
    ByteBuf buf = Unpooled.wrappedBuffer(input);
    DnsMessage m;
    try {
      m = DnsMessages.decode(buf, DnsLimits.DEFAULT);
    } catch (DnsDecoderException e) {
      return;
    } finally {
      buf.release();
    }
    ByteBuf again = Unpooled.buffer();
    try {
      try {
        DnsMessages.encode(m, again);
      } catch (IllegalArgumentException e) {
        // A decoded name can be longer in presentation form, never on the wire: only the
        // message's total length may not fit again, which compression differences can cause.
        if (!e.getMessage().contains("65535")) {
          throw new AssertionError("decoded message does not encode: " + m, e);
        }
        return;
      }
      DnsMessage back = DnsMessages.decode(again, DnsLimits.DEFAULT);
      if (!back.equals(m)) {
        throw new AssertionError("round trip changed " + m + " into " + back);
      }
    } finally {
      again.release();
    }
  }
}

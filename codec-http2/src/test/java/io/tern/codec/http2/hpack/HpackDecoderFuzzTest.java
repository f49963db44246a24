package io.tern.codec.http2.hpack;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;

/**
 * Fuzzes the HPACK decoder: any sequence of blocks either decodes or fails with {@link
 * HpackException}, never another exception; the table never exceeds the announced size and the
 * header list handed out never exceeds its limit. The normal build replays the seeds in {@code
 * HpackDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class HpackDecoderFuzzTest {
  @FuzzTest(maxDuration = "60s")
  void decodesOrRejectsAnyBlocks(FuzzedDataProvider data) {
    long listLimit = data.consumeInt(0, 4096);
    HpackDecoder decoder = new HpackDecoder(listLimit);
    decoder.maxHeaderTableSize(data.consumeInt(0, 8192));
    while (data.remainingBytes() > 0) {
      byte[] block = data.consumeBytes(data.consumeInt(0, 512));
      ByteBuf buf = Unpooled.wrappedBuffer(block);
      long[] listSize = {0};
      try {
        boolean within = decoder.decode(buf, (n, v) -> listSize[0] += n.length() + v.length() + 32);
        assertThat(listSize[0]).isLessThanOrEqualTo(listLimit);
        if (within) {
          assertThat(buf.readerIndex()).isZero();
        }
      } catch (HpackException expected) {
        return; // the connection would end here
      } finally {
        buf.release();
      }
      assertThat(decoder.dynamicTableSize()).isLessThanOrEqualTo(decoder.maxHeaderTableSize());
    }
  }
}

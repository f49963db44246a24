package io.tern.codec.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.SplitFeeding;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class Varint32FrameTest {

  private static byte[] encode(int... lengths) {
    EmbeddedChannel enc = new EmbeddedChannel(new Varint32LengthFieldPrepender());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int length : lengths) {
      byte[] payload = new byte[length];
      java.util.Arrays.fill(payload, (byte) length);
      enc.writeOutbound(Unpooled.copiedBuffer(payload));
      ByteBuf b = enc.readOutbound();
      byte[] bytes = new byte[b.readableBytes()];
      b.readBytes(bytes);
      b.release();
      out.writeBytes(bytes);
    }
    enc.finish();
    return out.toByteArray();
  }

  @Test
  void roundTripsThroughThePrependerWhateverTheSplits() {
    int[] lengths = {0, 1, 127, 128, 300, 5};
    List<String> expected = new ArrayList<>();
    for (int length : lengths) {
      byte[] payload = new byte[length];
      java.util.Arrays.fill(payload, (byte) length);
      expected.add(SplitFeeding.describe(Unpooled.wrappedBuffer(payload)));
    }
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new Varint32FrameDecoder(1024), encode(lengths), 1);
    assertThat(frames).isEqualTo(expected);
  }

  @Test
  void prefixSizesMatchTheEncoding() {
    assertThat(encode(127)).hasSize(1 + 127);
    assertThat(encode(128)).hasSize(2 + 128);
    assertThat(Varint32LengthFieldPrepender.varintSize(0)).isEqualTo(1);
    assertThat(Varint32LengthFieldPrepender.varintSize(Integer.MAX_VALUE)).isEqualTo(5);
  }

  @Test
  void tooLongFramesAreDiscardedThenDecodingResumes() {
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new Varint32FrameDecoder(100), encode(3, 200, 4), 2);
    assertThat(frames).hasSize(3).element(1).isEqualTo("!TooLongFrameException");
  }

  @Test
  void aSixByteOrOverflowingPrefixIsCorrupt() {
    for (byte[] bad :
        new byte[][] {
          {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0},
          {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x10},
          {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F}
        }) {
      EmbeddedChannel ch = new EmbeddedChannel(new Varint32FrameDecoder(1024));
      assertThatThrownBy(() -> ch.writeInbound(Unpooled.copiedBuffer(bad)))
          .isInstanceOf(CorruptedFrameException.class);
      ch.finishAndReleaseAll();
    }
  }
}

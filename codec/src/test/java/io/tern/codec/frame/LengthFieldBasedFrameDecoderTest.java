package io.tern.codec.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.SplitFeeding;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LengthFieldBasedFrameDecoderTest {

  /** Writes a length field of {@code size} bytes. */
  private static void writeLength(ByteArrayOutputStream out, long value, int size, ByteOrder o) {
    for (int i = 0; i < size; i++) {
      int shift = o == ByteOrder.BIG_ENDIAN ? 8 * (size - 1 - i) : 8 * i;
      out.write((int) (value >>> shift));
    }
  }

  private static String hex(byte[] b) {
    return SplitFeeding.describe(Unpooled.wrappedBuffer(b));
  }

  @Test
  void everyFieldLengthOffsetAdjustmentStripAndByteOrderGivesTheSameFrames() {
    int[] lengths = {1, 2, 3, 4, 8};
    for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
      for (int fieldLength : lengths) {
        for (int offset : new int[] {0, 2}) {
          for (boolean countsHeader : new boolean[] {false, true}) {
            int headerLength = offset + fieldLength;
            int adjustment = countsHeader ? -headerLength : 0;
            for (int strip : new int[] {0, headerLength}) {
              ByteArrayOutputStream input = new ByteArrayOutputStream();
              List<String> expected = new ArrayList<>();
              for (int n = 0; n < 6; n++) {
                byte[] payload = new byte[n * 7 % 20];
                for (int i = 0; i < payload.length; i++) {
                  payload[i] = (byte) (n + i);
                }
                ByteArrayOutputStream frame = new ByteArrayOutputStream();
                frame.writeBytes(new byte[offset]);
                writeLength(frame, payload.length - adjustment, fieldLength, order);
                frame.writeBytes(payload);
                byte[] f = frame.toByteArray();
                input.writeBytes(f);
                expected.add(hex(java.util.Arrays.copyOfRange(f, strip, f.length)));
              }
              List<String> frames =
                  SplitFeeding.assertSameAcrossSplits(
                      () ->
                          new LengthFieldBasedFrameDecoder(
                              order, 64, offset, fieldLength, adjustment, strip, true),
                      input.toByteArray(),
                      fieldLength * 31L + offset);
              assertThat(frames)
                  .as(
                      "order %s, field %d, offset %d, adjustment %d, strip %d",
                      order, fieldLength, offset, adjustment, strip)
                  .isEqualTo(expected);
            }
          }
        }
      }
    }
  }

  @Test
  void theJavadocExampleStripsTheFirstHeader() {
    byte[] input = {
      (byte) 0xCA, 0, 12, (byte) 0xFE, 'H', 'E', 'L', 'L', 'O', ',', ' ', 'W', 'O', 'R', 'L', 'D'
    };
    List<String> frames =
        SplitFeeding.assertSameAcrossSplits(
            () -> new LengthFieldBasedFrameDecoder(64, 1, 2, 1, 3), input, 1);
    assertThat(frames).containsExactly(hex(java.util.Arrays.copyOfRange(input, 3, input.length)));
  }

  @Test
  void tooLongFramesAreDiscardedAndReportedThenDecodingResumes() {
    ByteArrayOutputStream input = new ByteArrayOutputStream();
    input.writeBytes(new byte[] {0, 2, 'o', 'k'});
    input.writeBytes(new byte[] {0, 40});
    input.writeBytes(new byte[40]);
    input.writeBytes(new byte[] {0, 1, 'x'});
    for (boolean failFast : new boolean[] {true, false}) {
      List<String> frames =
          SplitFeeding.assertSameAcrossSplits(
              () ->
                  new LengthFieldBasedFrameDecoder(ByteOrder.BIG_ENDIAN, 16, 0, 2, 0, 2, failFast),
              input.toByteArray(),
              2);
      assertThat(frames)
          .containsExactly(
              hex(new byte[] {'o', 'k'}), "!TooLongFrameException", hex(new byte[] {'x'}));
    }
  }

  @Test
  void aHugeEightByteLengthIsTooLongNotAnOverflow() {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new LengthFieldBasedFrameDecoder(ByteOrder.BIG_ENDIAN, 1024, 0, 8, 100, 0, true));
    ByteBuf in = Unpooled.buffer().writeLong(Long.MAX_VALUE);
    assertThatThrownBy(() -> ch.writeInbound(in))
        .hasMessageContaining("exceeds the allowed maximum (1024)");
    ch.finishAndReleaseAll();
  }

  @Test
  void aNegativeEightByteLengthIsCorrupt() {
    EmbeddedChannel ch = new EmbeddedChannel(new LengthFieldBasedFrameDecoder(1024, 0, 8));
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.buffer().writeLong(-1)))
        .isInstanceOf(CorruptedFrameException.class)
        .hasMessageContaining("negative");
    ch.finishAndReleaseAll();
  }

  @Test
  void aLengthShorterThanTheHeaderIsCorrupt() {
    EmbeddedChannel ch = new EmbeddedChannel(new LengthFieldBasedFrameDecoder(1024, 0, 2, -4, 0));
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.buffer().writeShort(1)))
        .isInstanceOf(CorruptedFrameException.class)
        .hasMessageContaining("less than lengthFieldEndOffset");
    ch.finishAndReleaseAll();
  }

  @Test
  void stripMoreThanTheFrameIsCorrupt() {
    EmbeddedChannel ch = new EmbeddedChannel(new LengthFieldBasedFrameDecoder(1024, 0, 1, 0, 4));
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.buffer().writeByte(1).writeByte(9)))
        .isInstanceOf(CorruptedFrameException.class)
        .hasMessageContaining("initialBytesToStrip");
    ch.finishAndReleaseAll();
  }

  @Test
  void rejectsBadArguments() {
    assertThatThrownBy(() -> new LengthFieldBasedFrameDecoder(64, 0, 5))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new LengthFieldBasedFrameDecoder(0, 0, 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new LengthFieldBasedFrameDecoder(4, 3, 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new LengthFieldBasedFrameDecoder(64, -1, 2))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void prependerAndDecoderRoundTripInBothByteOrders() {
    for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
      for (int fieldLength : new int[] {1, 2, 3, 4, 8}) {
        EmbeddedChannel enc =
            new EmbeddedChannel(new LengthFieldPrepender(order, fieldLength, 0, true));
        EmbeddedChannel dec =
            new EmbeddedChannel(
                new LengthFieldBasedFrameDecoder(
                    order, 1024, 0, fieldLength, -fieldLength, fieldLength, true));
        for (String s : new String[] {"", "a", "hello"}) {
          enc.writeOutbound(Unpooled.copiedBuffer(s, java.nio.charset.StandardCharsets.UTF_8));
          ByteBuf part;
          while ((part = enc.readOutbound()) != null) {
            dec.writeInbound(part);
          }
          ByteBuf frame = dec.readInbound();
          assertThat(frame.toString(java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(s);
          frame.release();
        }
        assertThat(enc.finish()).isFalse();
        assertThat(dec.finishAndReleaseAll()).isFalse();
      }
    }
  }

  @Test
  void prependerRejectsLengthsThatDoNotFit() {
    EmbeddedChannel enc = new EmbeddedChannel(new LengthFieldPrepender(1));
    ByteBuf big = Unpooled.buffer().writeZero(256);
    assertThatThrownBy(() -> enc.writeOutbound(big)).hasMessageContaining("does not fit");
    assertThat(big.refCnt()).isZero();
    enc.finish();
  }
}

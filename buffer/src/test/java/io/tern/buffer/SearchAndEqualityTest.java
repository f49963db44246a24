package io.tern.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SearchAndEqualityTest extends BufferTestSupport {
  private static final String ALL = "io.tern.buffer.BufferKind#all";

  @ParameterizedTest
  @MethodSource(ALL)
  void indexOfSearchesForwardAndBackward(BufferKind kind) {
    byte[] content = new byte[50];
    content[7] = 9;
    content[30] = 9;
    content[45] = 9;
    ByteBuf buf = make(kind, content);
    assertThat(buf.indexOf(0, 50, (byte) 9)).isEqualTo(7);
    assertThat(buf.indexOf(8, 50, (byte) 9)).isEqualTo(30);
    assertThat(buf.indexOf(8, 30, (byte) 9)).isEqualTo(-1);
    assertThat(buf.indexOf(50, 0, (byte) 9)).isEqualTo(45);
    assertThat(buf.indexOf(45, 0, (byte) 9)).isEqualTo(30);
    assertThat(buf.indexOf(-5, 500, (byte) 9)).isEqualTo(7);
    assertThat(buf.indexOf(10, 10, (byte) 9)).isEqualTo(-1);
    buf.readerIndex(8);
    assertThat(buf.bytesBefore((byte) 9)).isEqualTo(22);
    assertThat(buf.bytesBefore(10, (byte) 9)).isEqualTo(-1);
    assertThat(buf.bytesBefore(40, 10, (byte) 9)).isEqualTo(5);
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void forEachByteVisitsInOrderAndStopsWhereTold(BufferKind kind) {
    byte[] content = sequence(40);
    ByteBuf buf = make(kind, content);
    buf.setIndex(3, 33);
    List<Byte> seen = new ArrayList<>();
    assertThat(buf.forEachByte(b -> seen.add(b))).isEqualTo(-1);
    assertThat(seen).hasSize(30).first().isEqualTo(content[3]);
    byte target = content[20];
    assertThat(buf.forEachByte(b -> b != target)).isEqualTo(20);
    assertThat(buf.forEachByteDesc(b -> b != content[10])).isEqualTo(10);
    List<Byte> reversed = new ArrayList<>();
    assertThat(buf.forEachByteDesc(5, 10, b -> reversed.add(b))).isEqualTo(-1);
    assertThat(reversed)
        .containsExactly(
            content[14],
            content[13],
            content[12],
            content[11],
            content[10],
            content[9],
            content[8],
            content[7],
            content[6],
            content[5]);
    assertThat(buf.forEachByte(0, 40, ByteProcessor.FIND_NUL)).isEqualTo(-1);
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void equalContentIsEqualAcrossEveryKind(BufferKind kind) {
    byte[] content = bytes(29, 20);
    ByteBuf buf = make(kind, content);
    for (BufferKind other : BufferKind.all()) {
      ByteBuf o = make(other, content);
      assertThat(buf).as("vs %s", other).isEqualTo(o);
      assertThat(buf.hashCode()).as("hash vs %s", other).isEqualTo(o.hashCode());
      assertThat(buf.compareTo(o)).isZero();
    }
    ByteBuf reference = own(Unpooled.wrappedBuffer(content));
    assertThat(buf.hashCode()).isEqualTo(reference.hashCode());
    buf.readerIndex(1);
    assertThat(buf).isNotEqualTo(reference);
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void compareToOrdersUnsignedLexicographically(BufferKind kind) {
    byte[] a = bytes(21, 21);
    byte[] b = a.clone();
    b[17] = (byte) (b[17] ^ 0x80);
    ByteBuf x = make(kind, a);
    ByteBuf y = own(Unpooled.wrappedBuffer(b));
    assertThat(Integer.signum(x.compareTo(y)))
        .isEqualTo(Integer.signum(Arrays.compareUnsigned(a, b)));
    assertThat(Integer.signum(y.compareTo(x)))
        .isEqualTo(-Integer.signum(Arrays.compareUnsigned(a, b)));
    ByteBuf prefix = own(Unpooled.wrappedBuffer(a, 0, 20));
    assertThat(x.compareTo(prefix)).isPositive();
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void toStringDecodesUtf8AndAscii(BufferKind kind) {
    String text = "héllo wörld, ascii and ünïcode — 𝄞";
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    ByteBuf buf = make(kind, utf8);
    assertThat(buf.toString(StandardCharsets.UTF_8)).isEqualTo(text);
    assertThat(buf.toString(0, 5, StandardCharsets.US_ASCII))
        .isEqualTo(new String(utf8, 0, 5, StandardCharsets.US_ASCII));
    buf.readerIndex(utf8.length);
    assertThat(buf.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(buf.toString()).contains("ridx: " + utf8.length);
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void indexOfFindsTheFirstMatchAtEveryPositionOfAWordForEveryByteValue(BufferKind kind) {
    // Word-at-a-time search: every start and end alignment, matches in every lane of a long,
    // a second match right after the first (the borrow of the zero-byte test flags it too),
    // and byte values whose top bit is set.
    byte[] values = {0, 1, 0x7f, (byte) 0x80, (byte) 0x81, (byte) 0xfe, (byte) 0xff};
    for (byte value : values) {
      byte other = (byte) (value + 1);
      for (int match = 0; match < 24; match++) {
        byte[] content = new byte[24];
        Arrays.fill(content, other);
        content[match] = value;
        if (match + 1 < content.length) {
          content[match + 1] = value;
        }
        ByteBuf buf = make(kind, content);
        for (int from = 0; from < 12; from++) {
          for (int to = from; to <= content.length; to++) {
            int expected = match >= from && match < to ? match : -1;
            if (expected < 0 && match + 1 >= from && match + 1 < to) {
              expected = match + 1;
            }
            assertThat(buf.indexOf(from, to, value))
                .as("%s in [%d, %d)", value, from, to)
                .isEqualTo(expected);
            assertThat(buf.bytesBefore(from, to - from, value))
                .isEqualTo(expected < 0 ? -1 : expected - from);
          }
        }
        buf.release();
      }
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void indexOfAgreesWithALinearSearchOverRandomContent(BufferKind kind) {
    Random random = new Random(42);
    byte[] content = new byte[300];
    for (int i = 0; i < content.length; i++) {
      content[i] = (byte) (random.nextInt(4) * 0x55);
    }
    ByteBuf buf = make(kind, content);
    for (int round = 0; round < 200; round++) {
      int from = random.nextInt(content.length);
      int to = from + random.nextInt(content.length - from + 1);
      byte value = (byte) (random.nextInt(5) * 0x55);
      int expected = -1;
      for (int i = from; i < to; i++) {
        if (content[i] == value) {
          expected = i;
          break;
        }
      }
      assertThat(buf.indexOf(from, to, value)).isEqualTo(expected);
    }
    buf.release();
  }
}

package io.tern.codec.http.websocket.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MaskingAndUtf8Test {

  @Test
  void wordMaskingEqualsByteMaskingAtEveryOffsetAndLengthOnHeapAndDirectBuffers() {
    Random random = new Random(42);
    for (int length = 0; length < 40; length++) {
      for (int offset = 0; offset < 9; offset++) {
        byte[] data = new byte[offset + length];
        random.nextBytes(data);
        int key = random.nextInt();
        byte[] expected = data.clone();
        Masking.maskBytewise(expected, offset, length, key);
        for (ByteBuf buf :
            new ByteBuf[] {
              Unpooled.wrappedBuffer(data.clone()),
              Unpooled.directBuffer(data.length).writeBytes(data)
            }) {
          Masking.maskInPlace(buf, offset, length, key);
          byte[] got = new byte[data.length];
          buf.getBytes(0, got);
          buf.release();
          assertThat(got).isEqualTo(expected);
        }
      }
    }
  }

  @Test
  void maskedCopyEqualsByteMaskingBetweenEveryKindOfBufferAndLeavesTheSourceAlone() {
    Random random = new Random(9);
    for (int length : new int[] {0, 1, 7, 8, 9, 63, 1000}) {
      byte[] data = new byte[length];
      random.nextBytes(data);
      int key = random.nextInt();
      byte[] expected = data.clone();
      Masking.maskBytewise(expected, 0, length, key);
      for (boolean srcDirect : new boolean[] {false, true}) {
        for (boolean dstDirect : new boolean[] {false, true}) {
          ByteBuf src =
              (srcDirect ? Unpooled.directBuffer(length + 3) : Unpooled.buffer(length + 3))
                  .writeZero(3)
                  .writeBytes(data);
          ByteBuf dst = dstDirect ? Unpooled.directBuffer(length + 5) : Unpooled.buffer(length + 5);
          Masking.maskCopy(src, 3, dst, 5, length, key);
          byte[] got = new byte[length];
          dst.getBytes(5, got);
          byte[] source = new byte[length];
          src.getBytes(3, source);
          src.release();
          dst.release();
          assertThat(got).isEqualTo(expected);
          assertThat(source).isEqualTo(data);
        }
      }
    }
  }

  @Test
  void maskingResumedWithTheRotatedKeyEqualsMaskingInOneGo() {
    byte[] data = new byte[101];
    new Random(7).nextBytes(data);
    int key = 0x01020304;
    byte[] whole = data.clone();
    Masking.maskBytewise(whole, 0, whole.length, key);
    ByteBuf buf = Unpooled.wrappedBuffer(data.clone());
    for (int from = 0; from < data.length; ) {
      int n = Math.min(13, data.length - from);
      Masking.maskInPlace(buf, from, n, Masking.rotate(key, from));
      from += n;
    }
    byte[] got = new byte[data.length];
    buf.getBytes(0, got);
    buf.release();
    assertThat(got).isEqualTo(whole);
  }

  private static boolean jdkValid(byte[] a) {
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(a));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  @Test
  void validatorAgreesWithTheJdkDecoderOnRandomAndSplitInput() {
    Random random = new Random(1);
    for (int round = 0; round < 20_000; round++) {
      byte[] a = new byte[random.nextInt(24)];
      for (int i = 0; i < a.length; i++) {
        // Mostly plausible bytes: ASCII, lead bytes and continuation bytes.
        int kind = random.nextInt(4);
        a[i] =
            (byte)
                (kind == 0
                    ? random.nextInt(0x80)
                    : kind == 1 ? 0x80 + random.nextInt(0x40) : 0xC0 + random.nextInt(0x40));
      }
      boolean expected = jdkValid(a);
      Utf8Validator v = new Utf8Validator();
      int split = a.length == 0 ? 0 : random.nextInt(a.length);
      boolean ok =
          v.feed(a, 0, split) < 0 && v.feed(a, split, a.length - split) < 0 && v.isComplete();
      assertThat(ok).as("%s", java.util.HexFormat.of().formatHex(a)).isEqualTo(expected);
      Utf8Validator bytewise = new Utf8Validator();
      assertThat(bytewise.feedBytewise(a, 0, a.length) < 0 && bytewise.isComplete())
          .isEqualTo(expected);
    }
  }

  @Test
  void validatorAgreesWithTheJdkDecoderOnEveryLeadByteFollowedByEveryByteClass() {
    // Every first byte, followed by up to three bytes taken at the edges of every range the
    // automaton tells apart (ASCII, the three continuation ranges, lead and invalid bytes): every
    // transition, ending after each byte.
    int[] edges = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF4, 0xFF};
    List<String> disagreements = new ArrayList<>();
    for (int first = 0; first <= 0xFF; first++) {
      for (int b2 : edges) {
        for (int b3 : edges) {
          for (int b4 : edges) {
            byte[] all = {(byte) first, (byte) b2, (byte) b3, (byte) b4};
            for (int length = 1; length <= 4; length++) {
              byte[] a = Arrays.copyOf(all, length);
              Utf8Validator v = new Utf8Validator();
              boolean ok = v.feed(a, 0, a.length) < 0 && v.isComplete();
              if (ok != jdkValid(a)) {
                disagreements.add(java.util.HexFormat.of().formatHex(a));
              }
            }
          }
        }
      }
    }
    assertThat(disagreements).isEmpty();
  }

  @Test
  void validatorReportsTheFirstBadByteAfterALongAsciiRun() {
    byte[] a = ("x".repeat(37) + "\u00e9").getBytes(StandardCharsets.UTF_8);
    a[38] = (byte) 0x41; // é's continuation byte replaced: the lead byte at 37 is followed badly
    Utf8Validator v = new Utf8Validator();
    assertThat(v.feed(a, 0, a.length)).isEqualTo(38);
    ByteBuf direct = Unpooled.directBuffer(a.length).writeBytes(a);
    assertThat(new Utf8Validator().feed(direct, 0, a.length)).isEqualTo(38);
    direct.release();
  }
}

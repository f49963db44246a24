package io.tern.codec.http2.hpack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HpackHuffmanTest {
  @Test
  void canonicalCodesMatchTheRfcTable() {
    // Entries of RFC 7541 Appendix B: symbol, code (hex, right-aligned).
    int[][] rfc = {
      {0, 0x1ff8}, {1, 0x7fffd8}, {10, 0x3ffffffc}, {32, 0x14}, {33, 0x3f8}, {48, 0x0},
      {'a', 0x3}, {'z', 0x7b}, {'~', 0x1ffd}, {127, 0xffffffc}, {128, 0xfffe6}, {200, 0x3ffffe2},
      {255, 0x3ffffee}, {256, 0x3fffffff}, {'\\', 0x7fff0}, {'X', 0xfc}, {'<', 0x7ffc}
    };
    for (int[] e : rfc) {
      assertThat(HpackHuffman.CODES[e[0]]).as("symbol %d", e[0]).isEqualTo(e[1]);
    }
  }

  @Test
  void encodesTheRfcExamples() {
    // RFC 7541, C.4.1 and C.6.1.
    assertThat(encode("www.example.com")).isEqualTo("f1e3c2e5f23a6ba0ab90f4ff");
    assertThat(encode("no-cache")).isEqualTo("a8eb10649cbf");
    assertThat(encode("302")).isEqualTo("6402");
    assertThat(encode("Mon, 21 Oct 2013 20:13:21 GMT"))
        .isEqualTo("d07abe941054d444a8200595040b8166e082a62d1bff");
  }

  @Test
  void everyByteSequenceRoundTrips() throws HpackException {
    SplittableRandom random = new SplittableRandom(7);
    for (int n = 0; n < 2000; n++) {
      byte[] in = new byte[random.nextInt(200)];
      for (int i = 0; i < in.length; i++) {
        in[i] = (byte) random.nextInt(256);
      }
      assertRoundTrips(in);
    }
  }

  @Test
  void headerTextRoundTrips() throws HpackException {
    // Mostly codes of five to eight bits, two to a table step, with a long code now and then.
    byte[] alphabet =
        "abcdefghijklmnopqrstuvwxyz0123456789-_./:;=?&%, ABCXYZ\\"
            .getBytes(StandardCharsets.ISO_8859_1);
    SplittableRandom random = new SplittableRandom(11);
    for (int n = 0; n < 2000; n++) {
      byte[] in = new byte[random.nextInt(300)];
      for (int i = 0; i < in.length; i++) {
        in[i] = random.nextInt(50) == 0 ? (byte) 0xE9 : alphabet[random.nextInt(alphabet.length)];
      }
      assertRoundTrips(in);
    }
  }

  @Test
  void encodeGivesUpOnceTheCodeIsNotShorterThanTheLimit() {
    byte[] in = "www.example.com".getBytes(StandardCharsets.ISO_8859_1);
    byte[] out = new byte[64];
    assertThat(HpackHuffman.encode(in, 0, in.length, out, 3, 13)).isEqualTo(12);
    assertThat(HpackHuffman.encode(in, 0, in.length, out, 3, 12)).isEqualTo(-1);
    // Binary bytes take up to 30 bits each: the code passes the limit before the input ends.
    byte[] binary = new byte[40];
    assertThat(HpackHuffman.encode(binary, 0, binary.length, out, 0, binary.length)).isEqualTo(-1);
  }

  private static void assertRoundTrips(byte[] in) throws HpackException {
    // A limit no code reaches (every code is shorter than four bytes), at an offset.
    int limit = in.length * 4 + 1;
    byte[] out = new byte[5 + limit + 8];
    int encoded = HpackHuffman.encode(in, 0, in.length, out, 5, limit);
    long bits = 0;
    for (byte b : in) {
      bits += HpackHuffman.CODE_LENGTHS[b & 0xFF];
    }
    assertThat(encoded).isEqualTo((int) ((bits + 7) >>> 3));
    byte[] dec = new byte[HpackHuffman.maxDecodedLength(encoded)];
    int len = HpackHuffman.decode(out, 5, encoded, dec);
    assertThat(Arrays.copyOf(dec, len)).isEqualTo(in);
  }

  @Test
  void rejectsPaddingLongerThanSevenBits() {
    // "a" is 00011; then eleven bits of ones is more than a byte of padding.
    assertThatThrownBy(() -> decode(0x1f, 0xff)).isInstanceOf(HpackException.class);
  }

  @Test
  void rejectsPaddingThatIsNotOnes() {
    // "a" (00011) followed by 000 instead of 111.
    assertThatThrownBy(() -> decode(0x18)).isInstanceOf(HpackException.class);
  }

  @Test
  void rejectsEos() {
    // EOS: thirty ones, then two padding ones.
    assertThatThrownBy(() -> decode(0xff, 0xff, 0xff, 0xff)).isInstanceOf(HpackException.class);
  }

  @Test
  void rejectsEosInTheMiddleOfALongString() {
    // Thirty-two '0's (00000 each), EOS, then more '0's: the EOS is met with many bytes still
    // ahead, where the decoder reads eight bytes at a time.
    int[] bytes = new int[36];
    for (int i = 20; i < 24; i++) {
      bytes[i] = 0xff;
    }
    assertThatThrownBy(() -> decode(bytes)).isInstanceOf(HpackException.class);
  }

  @Test
  void aLongCodeAtTheEndOfALongStringDecodes() throws HpackException {
    // Sixteen '0's (ten bytes), then 0xE9 (a 27-bit code ending a string of this length) and its
    // padding.
    byte[] in = new byte[17];
    Arrays.fill(in, 0, 16, (byte) '0');
    in[16] = (byte) 0xE9;
    assertRoundTrips(in);
  }

  @Test
  void acceptsPaddingOfOnes() throws HpackException {
    assertThat(decode(0x1f)).isEqualTo("a");
    assertThat(decode()).isEmpty();
  }

  private static String decode(int... bytes) throws HpackException {
    byte[] in = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      in[i] = (byte) bytes[i];
    }
    byte[] out = new byte[HpackHuffman.maxDecodedLength(in.length)];
    int n = HpackHuffman.decode(in, 0, in.length, out);
    return new String(out, 0, n, StandardCharsets.ISO_8859_1);
  }

  private static String encode(String s) {
    byte[] in = s.getBytes(StandardCharsets.ISO_8859_1);
    byte[] out = new byte[in.length * 4 + 9];
    int n = HpackHuffman.encode(in, 0, in.length, out, 0, in.length * 4 + 1);
    return HexFormat.of().formatHex(out, 0, n);
  }
}

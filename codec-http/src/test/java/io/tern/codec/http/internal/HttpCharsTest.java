package io.tern.codec.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The field-value check of byte values agrees with the rule, at every position and length. */
class HttpCharsTest {
  private static boolean allowed(int b) {
    return b == '\t' || (b >= 0x20 && b != 0x7F);
  }

  private static int expected(byte[] b, int from, int length) {
    for (int i = 0; i < length; i++) {
      if (!allowed(b[from + i] & 0xFF)) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void everyByteValueAtEveryPositionIsJudgedAsTheTableSays() {
    for (int length = 0; length <= 20; length++) {
      for (int at = 0; at < length; at++) {
        for (int v = 0; v < 256; v++) {
          byte[] b = new byte[length + 3];
          Arrays.fill(b, (byte) 'a');
          b[1 + at] = (byte) v;
          assertThat(HttpChars.firstInvalidValueByte(b, 1, length))
              .as("length %d, byte 0x%x at %d", length, v, at)
              .isEqualTo(expected(b, 1, length));
        }
      }
    }
  }

  @Test
  void aTabOrObsTextBeforeAnInvalidByteDoesNotHideIt() {
    byte[] b = "ab\tcd\u00e9fgh\u00ffij\rkl".getBytes(StandardCharsets.ISO_8859_1);

    assertThat(HttpChars.firstInvalidValueByte(b, 0, b.length)).isEqualTo(12);
    assertThat(HttpChars.firstInvalidValueByte(b, 0, 12)).isEqualTo(-1);
  }

  @Test
  void delAndNulAreFoundInsideLongValues() {
    byte[] date = "Mon, 30 Nov 2026 00:00:01 GMT".getBytes(StandardCharsets.US_ASCII);
    assertThat(HttpChars.firstInvalidValueByte(date, 0, date.length)).isEqualTo(-1);
    for (byte bad : new byte[] {0x7F, 0, '\n', 0x1F}) {
      for (int at = 0; at < date.length; at++) {
        byte[] b = date.clone();
        b[at] = bad;
        assertThat(HttpChars.firstInvalidValueByte(b, 0, b.length)).isEqualTo(at);
      }
    }
  }
}

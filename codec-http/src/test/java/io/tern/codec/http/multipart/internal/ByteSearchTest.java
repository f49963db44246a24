package io.tern.codec.http.multipart.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.multipart.HttpDataFactory;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteSearchTest {

  @Test
  void wordAtATimeSearchAgreesWithAPlainLoop() {
    UrlEncodedDecoder d =
        new UrlEncodedDecoder(
            HttpDataFactory.defaultFactory(),
            new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/"),
            new DecoderLimits(1, 1, 1, 1));
    try {
      Random random = new Random(7);
      byte[] a = new byte[64];
      for (int round = 0; round < 5000; round++) {
        for (int i = 0; i < a.length; i++) {
          // Few distinct values, so matches, near-matches (0x8A, 0x0B) and borrows all occur.
          a[i] = (byte) new int[] {'\n', 0x0B, 0x8A, 0x00, 0xFF, 'x'}[random.nextInt(6)];
        }
        d.buf = a;
        int from = random.nextInt(a.length);
        int to = from + random.nextInt(a.length - from + 1);
        for (byte b : new byte[] {'\n', 0x00, (byte) 0xFF}) {
          int expected = -1;
          for (int i = from; i < to; i++) {
            if (a[i] == b) {
              expected = i;
              break;
            }
          }
          assertThat(d.indexOf(b, from, to)).isEqualTo(expected);
        }
      }
    } finally {
      d.destroy();
    }
  }
}

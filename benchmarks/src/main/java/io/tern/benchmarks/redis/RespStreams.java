package io.tern.benchmarks.redis;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The byte streams both Redis decoding twins read: what {@code redis-benchmark -P 16 -t get,set}
 * sends a server, and a mix of replies a client reads. Shared so both sides decode the same bytes.
 */
final class RespStreams {
  /** Messages in each stream. */
  static final int MESSAGES = 1024;

  /** Messages per read: one pipelined batch of {@code redis-benchmark -P 16}. */
  static final int PER_READ = 16;

  private RespStreams() {}

  /** {@code SET key:NNNNNNNNNNNN xxx} and {@code GET key:NNNNNNNNNNNN} in turn. */
  static byte[] commands() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < MESSAGES; i++) {
      String key = String.format("key:%012d", i * 7919 % 100_000);
      String text =
          i % 2 == 0
              ? "*3\r\n$3\r\nSET\r\n$16\r\n" + key + "\r\n$3\r\nxxx\r\n"
              : "*2\r\n$3\r\nGET\r\n$16\r\n" + key + "\r\n";
      out.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
    }
    return out.toByteArray();
  }

  /**
   * Replies: {@code +OK}, a 3-byte and a 100-byte bulk string, an integer, a null, and an array of
   * ten 10-byte bulk strings (an {@code LRANGE}), in turn.
   */
  static byte[] replies() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String hundred = "v".repeat(100);
    StringBuilder range = new StringBuilder("*10\r\n");
    for (int j = 0; j < 10; j++) {
      range.append("$10\r\nelement-").append(j).append("0\r\n");
    }
    String[] kinds = {
      "+OK\r\n",
      "$3\r\nxxx\r\n",
      "$100\r\n" + hundred + "\r\n",
      ":12345\r\n",
      "$-1\r\n",
      range.toString()
    };
    for (int i = 0; i < MESSAGES; i++) {
      out.writeBytes(kinds[i % kinds.length].getBytes(StandardCharsets.US_ASCII));
    }
    return out.toByteArray();
  }

  /** Byte offsets where each read of {@link #PER_READ} messages ends, for a stream. */
  static int[] readEnds(byte[] stream, boolean commands) {
    int[] ends = new int[MESSAGES / PER_READ];
    int offset = 0;
    int message = 0;
    int read = 0;
    while (message < MESSAGES) {
      offset = skipMessage(stream, offset);
      message++;
      if (message % PER_READ == 0) {
        ends[read++] = offset;
      }
    }
    return ends;
  }

  /** Skips one RESP value (only the kinds the streams hold). */
  private static int skipMessage(byte[] s, int i) {
    byte prefix = s[i];
    int lf = i;
    while (s[lf] != '\n') {
      lf++;
    }
    int n =
        prefix == '$' || prefix == '*'
            ? Integer.parseInt(new String(s, i + 1, lf - i - 2, StandardCharsets.US_ASCII))
            : 0;
    int next = lf + 1;
    if (prefix == '$' && n >= 0) {
      return next + n + 2;
    }
    if (prefix == '*') {
      for (int k = 0; k < n; k++) {
        next = skipMessage(s, next);
      }
    }
    return next;
  }
}

package io.tern.benchmarks.websocket;

import java.nio.charset.StandardCharsets;

/** The frames both twins decode: the same bytes for Tern and Netty. */
final class WebSocketInputs {
  static final int KEY = 0x5A3C_96E1;

  private WebSocketInputs() {}

  /** 64 KiB of text: {@code ascii} (all ASCII) or {@code utf8} (mixed one- to four-byte). */
  static byte[] text(String kind, int length) {
    String unit =
        kind.equals("ascii")
            ? "The quick brown fox jumps over the lazy dog. 0123456789 "
            : "Grüße, 世界! Ελληνικά — 😀 emoji and ascii mixed. ";
    byte[] u = unit.getBytes(StandardCharsets.UTF_8);
    StringBuilder sb = new StringBuilder();
    while (sb.toString().getBytes(StandardCharsets.UTF_8).length + u.length <= length) {
      sb.append(unit);
    }
    byte[] body = sb.toString().getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[length];
    System.arraycopy(body, 0, out, 0, body.length);
    for (int i = body.length; i < length; i++) {
      out[i] = 'x';
    }
    return out;
  }

  /** A final masked text frame holding {@code payload}, as a client sends it. */
  static byte[] maskedTextFrame(byte[] payload) {
    int n = payload.length;
    int header = n < 126 ? 2 : n <= 0xFFFF ? 4 : 10;
    byte[] f = new byte[header + 4 + n];
    f[0] = (byte) 0x81;
    if (n < 126) {
      f[1] = (byte) (0x80 | n);
    } else if (n <= 0xFFFF) {
      f[1] = (byte) (0x80 | 126);
      f[2] = (byte) (n >> 8);
      f[3] = (byte) n;
    } else {
      f[1] = (byte) (0x80 | 127);
      for (int i = 0; i < 8; i++) {
        f[2 + i] = (byte) ((long) n >> (56 - 8 * i));
      }
    }
    for (int i = 0; i < 4; i++) {
      f[header + i] = (byte) (KEY >> (24 - 8 * i));
    }
    for (int i = 0; i < n; i++) {
      f[header + 4 + i] = (byte) (payload[i] ^ (KEY >> (24 - 8 * (i & 3))));
    }
    return f;
  }
}

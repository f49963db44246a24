package io.tern.benchmarks.memcache;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The binary memcache request stream both decoding twins read: SET and GETK in turn, 16 per read.
 */
final class MemcacheStreams {
  static final int MESSAGES = 1024;
  static final int PER_READ = 16;

  private MemcacheStreams() {}

  static byte[] requests() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] value = "v".repeat(32).getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < MESSAGES; i++) {
      byte[] key = String.format("key:%012d", i).getBytes(StandardCharsets.US_ASCII);
      boolean set = (i & 1) == 0;
      int extras = set ? 8 : 0;
      int body = extras + key.length + (set ? value.length : 0);
      ByteBuffer frame = ByteBuffer.allocate(24 + body);
      frame.put((byte) 0x80).put(set ? (byte) 0x01 : (byte) 0x0c).putShort((short) key.length);
      frame.put((byte) extras).put((byte) 0).putShort((short) 0).putInt(body).putInt(i).putLong(0);
      if (set) {
        frame.putInt(0).putInt(0);
      }
      frame.put(key);
      if (set) {
        frame.put(value);
      }
      out.writeBytes(frame.array());
    }
    return out.toByteArray();
  }

  /** Byte offsets where each read of {@link #PER_READ} messages ends. */
  static int[] readEnds(byte[] stream) {
    int[] ends = new int[MESSAGES / PER_READ];
    int offset = 0;
    for (int m = 0; m < MESSAGES; m++) {
      int body = ByteBuffer.wrap(stream, offset + 8, 4).getInt();
      offset += 24 + body;
      if ((m + 1) % PER_READ == 0) {
        ends[m / PER_READ] = offset;
      }
    }
    return ends;
  }
}

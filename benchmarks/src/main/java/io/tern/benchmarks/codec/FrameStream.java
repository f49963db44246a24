package io.tern.benchmarks.codec;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The input both twins of {@link FrameDecoding} decode: the same frames and the same read splits
 * from the same seed, independent of either framework.
 */
final class FrameStream {
  /** Frames per stream. */
  static final int FRAMES = 1000;

  private FrameStream() {}

  /**
   * Frames with a 2-byte big-endian length prefix and 8 to 64 payload bytes.
   *
   * @param seed the random seed
   * @return the whole stream
   */
  static byte[] lengthPrefixed(long seed) {
    Random random = new Random(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < FRAMES; i++) {
      int n = 8 + random.nextInt(57);
      out.write(n >>> 8);
      out.write(n);
      for (int k = 0; k < n; k++) {
        out.write('a' + random.nextInt(26));
      }
    }
    return out.toByteArray();
  }

  /**
   * Lines of 8 to 64 printable bytes ending with {@code "\r\n"}.
   *
   * @param seed the random seed
   * @return the whole stream
   */
  static byte[] lines(long seed) {
    Random random = new Random(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < FRAMES; i++) {
      int n = 8 + random.nextInt(57);
      for (int k = 0; k < n; k++) {
        out.write('a' + random.nextInt(26));
      }
      out.write('\r');
      out.write('\n');
    }
    return out.toByteArray();
  }

  /**
   * Read sizes between 1 and {@code maxChunk} bytes covering {@code length}.
   *
   * @param seed the random seed
   * @param length the stream length
   * @param maxChunk the largest read
   * @return the read sizes, in order
   */
  static int[] splits(long seed, int length, int maxChunk) {
    Random random = new Random(seed ^ 0x5DEECE66DL);
    List<Integer> sizes = new ArrayList<>();
    int left = length;
    while (left > 0) {
      int size = Math.min(left, 1 + random.nextInt(maxChunk));
      sizes.add(size);
      left -= size;
    }
    return sizes.stream().mapToInt(Integer::intValue).toArray();
  }
}

package io.tern.benchmarks.buffer;

import java.util.Random;

/** Haystacks and needles shared by the search benchmarks and their Netty twins. */
final class SearchData {
  private SearchData() {}

  /** Random lower-case text of {@code size} bytes with {@link #needle()} at the very end. */
  static byte[] haystack(int size) {
    byte[] haystack = letters(new Random(1), size);
    byte[] needle = needle();
    System.arraycopy(needle, 0, haystack, size - needle.length, needle.length);
    return haystack;
  }

  /** The needle that ends the haystack: 16 letters. */
  static byte[] needle() {
    return letters(new Random(2), 16);
  }

  /** For Aho–Corasick: the needle plus three others that never occur. */
  static byte[][] needles() {
    Random random = new Random(3);
    byte[][] needles = new byte[4][];
    for (int i = 0; i < 3; i++) {
      needles[i] = letters(random, 12 + i);
      needles[i][0] = '#';
    }
    needles[3] = needle();
    return needles;
  }

  private static byte[] letters(Random random, int size) {
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) ('a' + random.nextInt(26));
    }
    return bytes;
  }
}

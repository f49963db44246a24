package io.tern.buffer.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteProcessor;

/**
 * Knuth–Morris–Pratt: the border table of a needle, and a search of a buffer's readable bytes with
 * it, linear in the haystack.
 *
 * <p>The search is what {@code ByteBufUtil.indexOf} runs. It lives here rather than in {@code
 * io.tern.buffer.search} because that package builds on this module's {@code ByteProcessor}, so
 * using it from {@code io.tern.buffer} would make the two packages depend on each other; the KMP
 * searcher there builds its table with {@link #fallback(byte[])}. Stateless; any thread.
 */
public final class Kmp {
  private Kmp() {}

  /**
   * Returns the border table: {@code fallback[j]} is the length of the longest proper border of
   * {@code needle[0..j)}, where a match continues after a mismatch at {@code j}.
   *
   * @param needle a non-empty needle
   * @return the table, {@code needle.length + 1} entries
   */
  public static int[] fallback(byte[] needle) {
    int[] fallback = new int[needle.length + 1];
    int border = 0;
    for (int i = 1; i < needle.length; i++) {
      while (border > 0 && needle[i] != needle[border]) {
        border = fallback[border];
      }
      if (needle[i] == needle[border]) {
        border++;
      }
      fallback[i + 1] = border;
    }
    return fallback;
  }

  /**
   * Finds the first occurrence of {@code needle} among the readable bytes of {@code haystack}.
   *
   * @param needle a non-empty needle
   * @param haystack where to look; its indexes stay
   * @return the absolute index in {@code haystack} where the match starts, or {@code -1}
   */
  public static int indexOf(byte[] needle, ByteBuf haystack) {
    Matcher matcher = new Matcher(needle, fallback(needle));
    int end = haystack.forEachByte(matcher);
    return end < 0 ? -1 : end - needle.length + 1;
  }

  /** Stops on the last byte of the first match. */
  private static final class Matcher implements ByteProcessor {
    private final byte[] needle;
    private final int[] fallback;
    private int matched;

    Matcher(byte[] needle, int[] fallback) {
      this.needle = needle;
      this.fallback = fallback;
    }

    @Override
    public boolean process(byte value) {
      int j = matched;
      while (j > 0 && needle[j] != value) {
        j = fallback[j];
      }
      if (needle[j] == value) {
        j++;
      }
      matched = j;
      return j < needle.length;
    }
  }
}

package io.tern.buffer.search;

/**
 * Crochemore–Perrin two-way string matching, run as the bytes arrive.
 *
 * <p>The needle is cut at a critical position {@code ell} (from the maximal suffixes of the needle
 * under both byte orders): a candidate window is compared right part first (left to right from
 * {@code ell + 1}), then left part (right to left). A mismatch in the right part at {@code i}
 * shifts the window by {@code i - ell}; a full match or a mismatch in the left part shifts it by
 * the needle's period when the needle is periodic (remembering how much of the next window is known
 * to match), else by {@code max(ell + 1, m - ell - 1) + 1}. This finds every occurrence,
 * overlapping ones included, with at most {@code 2n} comparisons and no table indexed by byte
 * value.
 *
 * <p>Streaming: the processor keeps the last {@code m} bytes in a ring and evaluates a window when
 * its last byte arrives, which is also the last byte of a match, so each byte triggers at most one
 * evaluation and the total work stays linear.
 */
final class TwoWaySearchProcessorFactory extends AbstractSearchProcessorFactory {
  private final byte[] needle;
  private final int ell;
  private final int period;
  private final boolean periodic;

  TwoWaySearchProcessorFactory(byte[] needle) {
    if (needle.length == 0) {
      throw new IllegalArgumentException("empty needle");
    }
    this.needle = needle.clone();
    int m = this.needle.length;
    long ascending = maximalSuffix(this.needle, false);
    long descending = maximalSuffix(this.needle, true);
    int suffixA = (int) (ascending >> 32);
    int suffixD = (int) (descending >> 32);
    int critical;
    int p;
    if (suffixA > suffixD) {
      critical = suffixA;
      p = (int) ascending;
    } else {
      critical = suffixD;
      p = (int) descending;
    }
    this.ell = critical;
    if (p + critical + 1 <= m && regionMatches(this.needle, 0, p, critical + 1)) {
      this.periodic = true;
      this.period = p;
    } else {
      this.periodic = false;
      this.period = Math.max(critical + 1, m - critical - 1) + 1;
    }
  }

  /**
   * The start (minus one) of the needle's maximal suffix under the byte order ({@code reversed}
   * flips it) and that suffix's period, packed as {@code start << 32 | period}. Bytes compare
   * unsigned.
   */
  private static long maximalSuffix(byte[] x, boolean reversed) {
    int m = x.length;
    int ms = -1;
    int j = 0;
    int k = 1;
    int p = 1;
    while (j + k < m) {
      int a = x[j + k] & 0xFF;
      int b = x[ms + k] & 0xFF;
      if (reversed ? a > b : a < b) {
        j += k;
        k = 1;
        p = j - ms;
      } else if (a == b) {
        if (k != p) {
          k++;
        } else {
          j += p;
          k = 1;
        }
      } else {
        ms = j;
        j = ms + 1;
        k = 1;
        p = 1;
      }
    }
    return ((long) ms << 32) | (p & 0xFFFFFFFFL);
  }

  private static boolean regionMatches(byte[] x, int a, int b, int length) {
    for (int i = 0; i < length; i++) {
      if (x[a + i] != x[b + i]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public SearchProcessor newSearchProcessor() {
    return new Processor(needle, ell, period, periodic);
  }

  private static final class Processor implements SearchProcessor {
    private final byte[] needle;
    private final int ell;
    private final int period;
    private final boolean periodic;
    private final byte[] ring;
    private final int mask;

    /** Where the next byte goes in the ring. */
    private int head;

    /** Where the candidate window starts in the ring. */
    private int start;

    /** Bytes still to arrive before the candidate window is complete. */
    private int needed;

    /** The end of the window's prefix already known to match (periodic needles), or -1. */
    private int memory;

    Processor(byte[] needle, int ell, int period, boolean periodic) {
      this.needle = needle;
      this.ell = ell;
      this.period = period;
      this.periodic = periodic;
      int size = Integer.highestOneBit(Math.max(1, needle.length - 1)) << 1;
      this.ring = new byte[size];
      this.mask = size - 1;
      reset();
    }

    @Override
    public boolean process(byte value) {
      ring[head] = value;
      head = (head + 1) & mask;
      if (--needed > 0) {
        return true;
      }
      return !evaluate();
    }

    /** Compares the complete window; moves to the next candidate; returns whether it matched. */
    private boolean evaluate() {
      byte[] x = needle;
      int m = x.length;
      int i = Math.max(ell, memory) + 1;
      while (i < m && x[i] == ring[(start + i) & mask]) {
        i++;
      }
      if (i < m) {
        shift(i - ell);
        memory = -1;
        return false;
      }
      int floor = periodic ? memory : -1;
      i = ell;
      while (i > floor && x[i] == ring[(start + i) & mask]) {
        i--;
      }
      boolean matched = i <= floor;
      shift(period);
      memory = periodic ? m - period - 1 : -1;
      return matched;
    }

    private void shift(int by) {
      start = (start + by) & mask;
      needed = by;
    }

    @Override
    public void reset() {
      head = 0;
      start = 0;
      needed = needle.length;
      memory = -1;
    }
  }
}

package io.tern.buffer.search;

import io.tern.buffer.internal.Kmp;

/**
 * Knuth–Morris–Pratt: {@code fallback[j]} is the length of the longest proper border of {@code
 * needle[0..j)}, where the match continues after a mismatch at {@code j}. Each haystack byte
 * advances the state at most once and falls back at most as often as it advanced, so a scan is
 * linear.
 */
final class KmpSearchProcessorFactory extends AbstractSearchProcessorFactory {
  private final byte[] needle;
  private final int[] fallback;

  KmpSearchProcessorFactory(byte[] needle) {
    if (needle.length == 0) {
      throw new IllegalArgumentException("empty needle");
    }
    this.needle = needle.clone();
    this.fallback = Kmp.fallback(this.needle);
  }

  @Override
  public SearchProcessor newSearchProcessor() {
    return new Processor(needle, fallback);
  }

  private static final class Processor implements SearchProcessor {
    private final byte[] needle;
    private final int[] fallback;
    private final byte first;
    private int matched;

    Processor(byte[] needle, int[] fallback) {
      this.needle = needle;
      this.fallback = fallback;
      this.first = needle[0];
    }

    @Override
    public boolean process(byte value) {
      int j = matched;
      if (j == 0 && value != first) {
        // The common byte: no partial match and not the needle's first byte. Answered from two
        // registers once the scan is inlined (the processor scalar-replaced), without the
        // bounds-checked load of needle[j] that the general step needs (Netty's Unsafe load has
        // no check, so without this its per-byte step was the shorter one).
        return true;
      }
      while (j > 0 && needle[j] != value) {
        j = fallback[j];
      }
      if (needle[j] == value) {
        j++;
      }
      if (j == needle.length) {
        matched = fallback[j];
        return false;
      }
      // Stored only when it changed: in the common case (no partial match) the next byte's load
      // of matched then does not wait for this store.
      if (j != matched) {
        matched = j;
      }
      return true;
    }

    @Override
    public void reset() {
      matched = 0;
    }
  }
}

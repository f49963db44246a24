package io.tern.buffer.search;

import io.tern.buffer.search.internal.BitapSearchProcessor;
import java.util.Arrays;

/**
 * Bitap in its shift-or form: bit {@code i} of the state is <em>clear</em> when the last {@code i +
 * 1} bytes equal {@code needle[0..i]}. Each byte shifts the state (which clears bit 0: any byte may
 * start a match) and sets the bits of the positions where that byte does not occur in the needle; a
 * clear bit {@code needle.length - 1} is a match.
 *
 * <p>This is shift-and (Netty's form) with every bit inverted, which saves the {@code | 1} of each
 * step: the state's dependency chain is one shift and one or per byte instead of a shift, an or and
 * an and, and that chain is what bounds the scan.
 */
final class BitapSearchProcessorFactory extends AbstractSearchProcessorFactory {
  /** For each byte value, the needle positions where it does <em>not</em> occur (bits set). */
  private final long[] mismatches = new long[256];

  private final long successBit;

  BitapSearchProcessorFactory(byte[] needle) {
    if (needle.length == 0 || needle.length > 64) {
      throw new IllegalArgumentException(
          "bitap needles are 1 to 64 bytes long, got " + needle.length);
    }
    Arrays.fill(mismatches, -1L);
    long bit = 1L;
    for (byte b : needle) {
      mismatches[b & 0xFF] &= ~bit;
      bit <<= 1;
    }
    successBit = 1L << (needle.length - 1);
  }

  @Override
  public SearchProcessor newSearchProcessor() {
    return new BitapSearchProcessor(mismatches, successBit);
  }
}

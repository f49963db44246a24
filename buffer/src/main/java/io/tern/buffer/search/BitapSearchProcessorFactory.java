package io.tern.buffer.search;

import io.tern.buffer.internal.BulkByteProcessor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
    return new Processor(mismatches, successBit);
  }

  private static final class Processor implements SearchProcessor, BulkByteProcessor {
    private final long[] mismatches;
    private final long successBit;
    private long state = -1L;

    Processor(long[] mismatches, long successBit) {
      this.mismatches = mismatches;
      this.successBit = successBit;
    }

    @Override
    public boolean process(byte value) {
      long s = (state << 1) | mismatches[value & 0xFF];
      // Stored only when it changed (no partial match leaves it all ones): a scan that keeps the
      // processor in memory then loads the next byte's state without waiting for this store. With
      // the processor in registers C2 folds the test away.
      if (s != state) {
        state = s;
      }
      return (s & successBit) != 0;
    }

    // Whole-range scans (see BulkByteProcessor): the state stays in a register for the whole
    // range instead of a field per byte, which matters when the buffer's scan loop is compiled on
    // its own (large haystacks) rather than inlined with the processor scalar-replaced.

    @Override
    public int scan(byte[] array, int offset, int from, int to) {
      long[] m = mismatches;
      long success = successBit;
      long s = state;
      for (int i = from + offset, end = to + offset; i < end; i++) {
        s = (s << 1) | m[array[i] & 0xFF];
        if ((s & success) == 0) {
          state = s;
          return i - offset;
        }
      }
      state = s;
      return -1;
    }

    @Override
    public int scan(MemorySegment memory, long offset, int from, int to) {
      long[] m = mismatches;
      long success = successBit;
      long s = state;
      for (int i = from; i < to; i++) {
        s = (s << 1) | m[memory.get(ValueLayout.JAVA_BYTE, offset + i) & 0xFF];
        if ((s & success) == 0) {
          state = s;
          return i;
        }
      }
      state = s;
      return -1;
    }

    @Override
    public void reset() {
      state = -1L;
    }
  }
}

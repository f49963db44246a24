package io.tern.buffer.search.internal;

import io.tern.buffer.internal.BulkByteProcessor;
import io.tern.buffer.search.SearchProcessor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Bitap (shift-or) search state over the mismatch table that {@code BitapSearchProcessorFactory}
 * builds: bit {@code i} of the state is clear when the last {@code i + 1} bytes equal the needle's
 * first {@code i + 1}. Implements {@link BulkByteProcessor} so that the buffers' scans hand it
 * whole ranges.
 *
 * <p>Used by one thread at a time (the one scanning); holds no reference-counted objects.
 */
public final class BitapSearchProcessor implements SearchProcessor, BulkByteProcessor {
  private final long[] mismatches;
  private final long successBit;
  private long state = -1L;

  /**
   * Starts at the beginning of a match.
   *
   * @param mismatches the needle positions where each byte value does not occur, shared and never
   *     written
   * @param successBit the state bit that is clear on a match
   */
  public BitapSearchProcessor(long[] mismatches, long successBit) {
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

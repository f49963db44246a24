package io.tern.buffer.search.internal;

import io.tern.buffer.internal.BulkByteProcessor;
import io.tern.buffer.search.MultiSearchProcessor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Aho–Corasick search state over the DFA that {@code AhoCorasicSearchProcessorFactory} compiles:
 * the current state, pre-multiplied by 256. Implements {@link BulkByteProcessor} so that the
 * buffers' scans hand it whole ranges.
 *
 * <p>Used by one thread at a time (the one scanning); holds no reference-counted objects.
 */
public final class AhoCorasicSearchProcessor implements MultiSearchProcessor, BulkByteProcessor {
  private final int[] transitions;
  private final int[] needleIds;
  private int position;

  /**
   * Starts at the beginning of a match.
   *
   * @param transitions the DFA, shared and never written
   * @param needleIds the longest needle ending in each state, shared and never written
   */
  public AhoCorasicSearchProcessor(int[] transitions, int[] needleIds) {
    this.transitions = transitions;
    this.needleIds = needleIds;
  }

  @Override
  public boolean process(byte value) {
    int next = transitions[position | (value & 0xFF)];
    if ((next & ~0xFF) == 0) {
      // The common byte: back at (or still at) the root, state 0. Entries are multiples of 256,
      // so this is next == 0, written so that C2 does not fold it into "position = next": the
      // next byte's lookup then starts from the constant root instead of waiting for this
      // byte's load (the branch is predicted), and the field is stored only when it changes, so
      // a scan that keeps the processor in memory does not wait on a store either. Netty's step
      // is one load-to-load chain per byte.
      if (position != 0) {
        position = 0;
      }
      return true;
    }
    if (next < 0) {
      position = -next;
      return false;
    }
    position = next;
    return true;
  }

  // Whole-range scans (see BulkByteProcessor), with the same root step as process: the state
  // stays in a register, and after the common byte the next lookup starts from the constant root.

  @Override
  public int scan(byte[] array, int offset, int from, int to) {
    int[] t = transitions;
    int p = position;
    for (int i = from + offset, end = to + offset; i < end; i++) {
      int next = t[p | (array[i] & 0xFF)];
      if ((next & ~0xFF) == 0) {
        p = 0;
      } else if (next < 0) {
        position = -next;
        return i - offset;
      } else {
        p = next;
      }
    }
    position = p;
    return -1;
  }

  @Override
  public int scan(MemorySegment memory, long offset, int from, int to) {
    int[] t = transitions;
    int p = position;
    for (int i = from; i < to; i++) {
      int next = t[p | (memory.get(ValueLayout.JAVA_BYTE, offset + i) & 0xFF)];
      if ((next & ~0xFF) == 0) {
        p = 0;
      } else if (next < 0) {
        position = -next;
        return i;
      } else {
        p = next;
      }
    }
    position = p;
    return -1;
  }

  @Override
  public int getFoundNeedleId() {
    return needleIds[position >> 8];
  }

  @Override
  public void reset() {
    position = 0;
  }
}

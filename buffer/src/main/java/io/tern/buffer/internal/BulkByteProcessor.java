package io.tern.buffer.internal;

import io.tern.buffer.ByteProcessor;
import java.lang.foreign.MemorySegment;

/**
 * A {@link ByteProcessor} that can also scan a whole range itself. The buffers' ascending scans
 * hand such a processor the range in one call instead of calling {@link #process} per byte, so its
 * state lives in locals (registers) for the whole scan rather than in its fields between bytes. The
 * search processors of {@code io.tern.buffer.search} implement it.
 *
 * <p>Contract: {@code scan} must behave exactly like calling {@link #process} on each byte of the
 * range in ascending order and stopping at the first {@code false}: same result, and the
 * processor's state afterwards as {@code process} would have left it. Called on the thread that
 * owns the buffer; the processor is used by one thread at a time.
 */
public interface BulkByteProcessor extends ByteProcessor {
  /**
   * Processes {@code array[offset + from] .. array[offset + to - 1]}.
   *
   * @param array the memory
   * @param offset where buffer index 0 is in {@code array}
   * @param from the first buffer index, checked
   * @param to the buffer index after the last, checked
   * @return the buffer index of the first byte {@link #process} would have returned {@code false}
   *     for, or -1
   */
  int scan(byte[] array, int offset, int from, int to);

  /**
   * Processes the bytes of {@code memory} at {@code offset + from} .. {@code offset + to - 1}.
   *
   * @param memory the memory
   * @param offset where buffer index 0 is in {@code memory}
   * @param from the first buffer index, checked
   * @param to the buffer index after the last, checked
   * @return the buffer index of the first byte {@link #process} would have returned {@code false}
   *     for, or -1
   */
  int scan(MemorySegment memory, long offset, int from, int to);
}

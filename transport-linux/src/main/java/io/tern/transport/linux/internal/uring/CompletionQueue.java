package io.tern.transport.linux.internal.uring;

import static io.tern.transport.linux.internal.uring.IoUringConstants.CQE_SIZE;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The completion side of a ring: the shared CQ ring (tail written by the kernel, head by us) with
 * its CQE array.
 *
 * <pre>
 * CQ ring: | head u32 (us) | tail u32 (kernel) | ring_mask | ring_entries | overflow | cqes[entries] |
 * CQE (16 bytes): | user_data u64 | res s32 | flags u32 |
 * </pre>
 *
 * The tail is read with an acquire load (CQEs before it are complete); the head is stored with a
 * release store after each CQE is read, so the kernel may reuse the slot.
 *
 * <p>Not thread-safe: owned by the loop thread.
 */
public final class CompletionQueue {
  private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

  /** Receives completions; implemented by the handler so draining allocates nothing. */
  public interface Consumer {
    /**
     * Handles one completion.
     *
     * @param userData the SQE's user_data
     * @param res the result: bytes, a descriptor, or {@code -errno}
     * @param flags {@code IORING_CQE_F_*}
     */
    void complete(long userData, int res, int flags);
  }

  private final MemorySegment ring;
  private final long headOffset;
  private final long tailOffset;
  private final long cqesOffset;
  private final int mask;
  private int head;

  CompletionQueue(
      MemorySegment ring, int headOffset, int tailOffset, int maskOffset, int cqesOffset) {
    this.ring = ring;
    this.headOffset = headOffset;
    this.tailOffset = tailOffset;
    this.cqesOffset = cqesOffset;
    this.mask = ring.get(ValueLayout.JAVA_INT, maskOffset);
    this.head = ring.get(ValueLayout.JAVA_INT, headOffset);
  }

  /**
   * Returns whether completions are waiting.
   *
   * @return {@code true} if the kernel posted CQEs not yet drained
   */
  public boolean hasCompletions() {
    return head != (int) INT.getAcquire(ring, tailOffset);
  }

  /**
   * Drains every completion posted so far, including ones posted while draining.
   *
   * @param consumer called once per CQE, in order
   * @return how many were drained
   */
  public int drain(Consumer consumer) {
    int n = 0;
    int tail = (int) INT.getAcquire(ring, tailOffset);
    while (head != tail) {
      long at = cqesOffset + (long) (head & mask) * CQE_SIZE;
      long userData = ring.get(ValueLayout.JAVA_LONG, at);
      int res = ring.get(ValueLayout.JAVA_INT, at + 8);
      int flags = ring.get(ValueLayout.JAVA_INT, at + 12);
      head++;
      INT.setRelease(ring, headOffset, head);
      n++;
      consumer.complete(userData, res, flags);
      if (head == tail) {
        tail = (int) INT.getAcquire(ring, tailOffset);
      }
    }
    return n;
  }
}

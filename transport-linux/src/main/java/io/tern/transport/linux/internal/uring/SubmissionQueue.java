package io.tern.transport.linux.internal.uring;

import static io.tern.transport.linux.internal.uring.IoUringConstants.SQE_SIZE;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The submission side of a ring: the shared SQ ring (head written by the kernel, tail by us) and
 * the SQE array, both mmapped from the ring descriptor.
 *
 * <pre>
 * SQ ring: | head u32 (kernel) | tail u32 (us) | ring_mask | ring_entries | flags u32 | ... | array[entries] u32 |
 * SQE (64 bytes):
 *   0 opcode u8 | 1 flags u8 | 2 ioprio u16 | 4 fd s32 | 8 off/addr2 u64 | 16 addr u64 | 24 len u32 |
 *  28 op_flags u32 | 32 user_data u64 | 40 buf_index/buf_group u16 | 42 personality u16 |
 *  44 splice_fd_in/file_index s32 | 48 addr3 u64 | 56 pad u64
 * </pre>
 *
 * The index array is filled once with the identity (slot i holds SQE i), because SQEs are always
 * filled in ring order; after that only the tail moves. The tail is published with a release store
 * just before {@code io_uring_enter}, so the kernel sees complete SQEs; the head is read with an
 * acquire load.
 *
 * <p>Not thread-safe: owned by the ring's submitter (the loop thread).
 */
public final class SubmissionQueue {
  private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

  private final MemorySegment ring;
  private final MemorySegment sqes;
  private final long headOffset;
  private final long tailOffset;
  private final long flagsOffset;
  private final int mask;
  private final int entries;
  private int tail;
  private int head;

  SubmissionQueue(
      MemorySegment ring,
      MemorySegment sqes,
      int headOffset,
      int tailOffset,
      int flagsOffset,
      int maskOffset,
      int entriesOffset,
      int arrayOffset) {
    this.ring = ring;
    this.sqes = sqes;
    this.headOffset = headOffset;
    this.tailOffset = tailOffset;
    this.flagsOffset = flagsOffset;
    this.mask = ring.get(ValueLayout.JAVA_INT, maskOffset);
    this.entries = ring.get(ValueLayout.JAVA_INT, entriesOffset);
    this.head = (int) INT.getAcquire(ring, this.headOffset);
    this.tail = ring.get(ValueLayout.JAVA_INT, tailOffset);
    for (int i = 0; i < entries; i++) {
      ring.set(ValueLayout.JAVA_INT, arrayOffset + 4L * i, i);
    }
  }

  /**
   * Returns the number of SQEs.
   *
   * @return ring entries
   */
  public int entries() {
    return entries;
  }

  /**
   * Returns how many SQEs were filled and not yet taken by the kernel.
   *
   * @return pending entries
   */
  public int pending() {
    return tail - head;
  }

  /**
   * Returns the SQ ring flags ({@code IORING_SQ_CQ_OVERFLOW}, {@code IORING_SQ_TASKRUN}).
   *
   * @return the flags, read with acquire semantics
   */
  public int flags() {
    return (int) INT.getAcquire(ring, flagsOffset);
  }

  /**
   * Fills the next SQE. Every field is written, so no stale bytes of an earlier use remain.
   *
   * @return {@code false} if the queue is full (submit, then retry)
   */
  public boolean add(
      byte opcode,
      byte flags,
      short ioprio,
      int fd,
      long off,
      long addr,
      int len,
      int opFlags,
      long userData,
      short bufIndex,
      short personality,
      int spliceFdIn,
      long addr3) {
    if (tail - head == entries) {
      head = (int) INT.getAcquire(ring, headOffset);
      if (tail - head == entries) {
        return false;
      }
    }
    long at = (long) (tail & mask) * SQE_SIZE;
    MemorySegment s = sqes;
    s.set(ValueLayout.JAVA_BYTE, at, opcode);
    s.set(ValueLayout.JAVA_BYTE, at + 1, flags);
    s.set(ValueLayout.JAVA_SHORT, at + 2, ioprio);
    s.set(ValueLayout.JAVA_INT, at + 4, fd);
    s.set(ValueLayout.JAVA_LONG, at + 8, off);
    s.set(ValueLayout.JAVA_LONG, at + 16, addr);
    s.set(ValueLayout.JAVA_INT, at + 24, len);
    s.set(ValueLayout.JAVA_INT, at + 28, opFlags);
    s.set(ValueLayout.JAVA_LONG, at + 32, userData);
    s.set(ValueLayout.JAVA_SHORT, at + 40, bufIndex);
    s.set(ValueLayout.JAVA_SHORT, at + 42, personality);
    s.set(ValueLayout.JAVA_INT, at + 44, spliceFdIn);
    s.set(ValueLayout.JAVA_LONG, at + 48, addr3);
    s.set(ValueLayout.JAVA_LONG, at + 56, 0L);
    tail++;
    return true;
  }

  /**
   * Publishes the filled SQEs to the kernel (release store of the tail).
   *
   * @return how many are pending, to pass as {@code to_submit}
   */
  int flush() {
    INT.setRelease(ring, tailOffset, tail);
    return tail - head;
  }

  /** Re-reads the kernel's head after {@code io_uring_enter} consumed entries. */
  void refreshHead() {
    head = (int) INT.getAcquire(ring, headOffset);
  }
}

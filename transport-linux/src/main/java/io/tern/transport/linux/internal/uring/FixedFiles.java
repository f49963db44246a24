package io.tern.transport.linux.internal.uring;

import static io.tern.transport.linux.internal.uring.IoUringConstants.REGISTER_FILES2;
import static io.tern.transport.linux.internal.uring.IoUringConstants.REGISTER_FILES_UPDATE;
import static io.tern.transport.linux.internal.uring.IoUringConstants.RSRC_REGISTER_SPARSE;
import static io.tern.transport.linux.internal.uring.IoUringConstants.UNREGISTER_FILES;

import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.LibC;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A ring's registered (fixed) file table: a sparse table of slots, each naming a socket the ring's
 * requests reach with {@code IOSQE_FIXED_FILE} and the slot number instead of the descriptor
 * number. A request on a fixed file skips the descriptor-table lookup and the file reference count
 * the kernel otherwise takes and drops per request (atomic operations in a multi-threaded process
 * such as the JVM).
 *
 * <pre>
 * io_uring_rsrc_register (32 bytes): nr u32 @0 | flags u32 @4 | resv2 u64 @8 | data u64 @16 | tags u64 @24
 * io_uring_files_update  (16 bytes): offset u32 @0 | resv u32 @4 | fds u64 @8 (-> s32[nr_args])
 * </pre>
 *
 * <p>Slots are handed out from a stack of free ones and recycled at once when {@linkplain
 * #remove(int) removed}: the kernel keeps the file of a removed slot alive until every request that
 * resolved it completed, so a slot may name a new socket while the old one's cancelled requests are
 * still finishing. A full table (or a kernel refusing one update) answers -1, and the caller keeps
 * using the plain descriptor.
 *
 * <p>Not thread-safe: owned by the ring's submitter (the loop thread), since with {@code
 * IORING_SETUP_SINGLE_ISSUER} only that thread may register.
 */
public final class FixedFiles implements AutoCloseable {
  private static final int RSRC_REGISTER_SIZE = 32;
  private static final int MIN_SLOTS = 16;

  private final Ring ring;
  private final int capacity;
  private final int[] free;
  private int freeCount;
  // [0, 16) io_uring_files_update, [16, 20) the one descriptor it points at
  private final MemorySegment scratch;
  private boolean closed;

  private FixedFiles(Ring ring, int capacity) {
    this.ring = ring;
    this.capacity = capacity;
    this.free = new int[capacity];
    for (int i = 0; i < capacity; i++) {
      free[i] = capacity - 1 - i; // slot 0 on top
    }
    this.freeCount = capacity;
    this.scratch = LibC.calloc(24);
  }

  /**
   * Registers a sparse table of {@code slots} empty slots with {@code ring}; when the kernel
   * refuses that many ({@code EMFILE}: more than {@code RLIMIT_NOFILE}), halves the count down to
   * 16.
   *
   * @param ring the ring, on its submitter thread
   * @param slots the slots wanted
   * @return the table, or {@code null} when the kernel refuses a sparse table
   */
  public static FixedFiles register(Ring ring, int slots) {
    for (int n = slots; n >= Math.min(slots, MIN_SLOTS); n /= 2) {
      int r = registerSparse(ring, n);
      if (r >= 0) {
        return new FixedFiles(ring, n);
      }
      if (r != -Errno.EMFILE) {
        return null;
      }
    }
    return null;
  }

  /** Whether the kernel takes a sparse table: registers one slot and unregisters it. */
  static boolean probe(Ring ring) {
    if (registerSparse(ring, 1) < 0) {
      return false;
    }
    ring.register(UNREGISTER_FILES, 0, 0);
    return true;
  }

  private static int registerSparse(Ring ring, int slots) {
    MemorySegment reg = LibC.calloc(RSRC_REGISTER_SIZE);
    try {
      reg.set(ValueLayout.JAVA_INT, 0, slots);
      reg.set(ValueLayout.JAVA_INT, 4, RSRC_REGISTER_SPARSE);
      return ring.register(REGISTER_FILES2, reg.address(), RSRC_REGISTER_SIZE);
    } finally {
      LibC.free(reg);
    }
  }

  /**
   * Puts {@code fd} in a free slot. The descriptor stays open and usable for system calls; the
   * table holds its own reference to the file until {@link #remove(int)}.
   *
   * @param fd an open descriptor
   * @return the slot, or -1 when the table is full, closed, or the kernel refused the update
   */
  public int add(int fd) {
    if (closed || freeCount == 0) {
      return -1;
    }
    int slot = free[--freeCount];
    if (update(slot, fd) != 1) {
      free[freeCount++] = slot;
      return -1;
    }
    return slot;
  }

  /**
   * Empties {@code slot} (the table drops its reference to the file; requests in flight on it keep
   * theirs) and makes it free for the next {@link #add(int)}.
   *
   * @param slot a slot {@link #add(int)} returned
   */
  public void remove(int slot) {
    if (closed) {
      return;
    }
    if (update(slot, -1) == 1) {
      free[freeCount++] = slot;
    }
    // else: the slot's state is unknown; leaving it out of the free stack costs one slot
  }

  private int update(int slot, int fd) {
    scratch.set(ValueLayout.JAVA_INT, 0, slot);
    scratch.set(ValueLayout.JAVA_INT, 4, 0);
    scratch.set(ValueLayout.JAVA_LONG, 8, scratch.address() + 16);
    scratch.set(ValueLayout.JAVA_INT, 16, fd);
    return ring.register(REGISTER_FILES_UPDATE, scratch.address(), 1);
  }

  /**
   * Returns the number of slots.
   *
   * @return the table's size
   */
  public int capacity() {
    return capacity;
  }

  /**
   * Returns the number of slots naming a file.
   *
   * @return slots in use
   */
  public int inUse() {
    return capacity - freeCount;
  }

  /**
   * Unregisters the table (the kernel drops the files once their requests completed) and frees the
   * native memory. Closing the ring would drop the table too; this lets the loop do it first.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    ring.register(UNREGISTER_FILES, 0, 0);
    LibC.free(scratch);
  }
}

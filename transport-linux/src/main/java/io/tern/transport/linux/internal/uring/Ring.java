package io.tern.transport.linux.internal.uring;

import static io.tern.transport.linux.internal.uring.IoUringConstants.ENTER_REGISTERED_RING;
import static io.tern.transport.linux.internal.uring.IoUringConstants.FEAT_SINGLE_MMAP;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OFF_CQ_RING;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OFF_SQES;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OFF_SQ_RING;
import static io.tern.transport.linux.internal.uring.IoUringConstants.PARAMS_SIZE;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_CQSIZE;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SQE_SIZE;

import io.tern.transport.linux.internal.sys.Errors;
import io.tern.transport.linux.internal.sys.IoUringCalls;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * One io_uring instance set up and mmapped from Java: the ring descriptor, the SQ ring, the CQ ring
 * (one mapping when the kernel has {@code IORING_FEAT_SINGLE_MMAP}) and the SQE array.
 *
 * <pre>
 * io_uring_params (120 bytes): sq_entries @0, cq_entries @4, flags @8, features @20,
 *   sq_off @40 { head, tail, ring_mask, ring_entries, flags, dropped, array, resv, user_addr },
 *   cq_off @80 { head, tail, ring_mask, ring_entries, overflow, cqes, flags, resv, user_addr }
 * </pre>
 *
 * <p>Not thread-safe. With {@code IORING_SETUP_SINGLE_ISSUER} only the submitter thread (the one
 * that {@linkplain #enable() enabled} a ring set up disabled) may enter or register.
 */
@SuppressWarnings("restricted")
public final class Ring implements AutoCloseable {
  private final int fd;
  private final int setupFlags;
  private final int features;
  private final long sqRingAddress;
  private final long sqRingSize;
  private final long cqRingAddress;
  private final long cqRingSize;
  private final long sqesAddress;
  private final long sqesSize;
  private final SubmissionQueue sq;
  private final CompletionQueue cq;
  private final MemorySegment scratch = LibC.calloc(64);
  private int enterFd;
  private int enterFlags;
  private boolean closed;

  private Ring(int fd, MemorySegment params) throws IOException {
    this.fd = fd;
    this.setupFlags = params.get(ValueLayout.JAVA_INT, 8);
    this.features = params.get(ValueLayout.JAVA_INT, 20);
    int sqEntries = params.get(ValueLayout.JAVA_INT, 0);
    int cqEntries = params.get(ValueLayout.JAVA_INT, 4);
    int sqArray = params.get(ValueLayout.JAVA_INT, 40 + 24);
    int cqCqes = params.get(ValueLayout.JAVA_INT, 80 + 20);
    long sqSize = sqArray + 4L * sqEntries;
    long cqSize = cqCqes + (long) IoUringConstants.CQE_SIZE * cqEntries;
    boolean single = (features & FEAT_SINGLE_MMAP) != 0;
    if (single) {
      sqSize = Math.max(sqSize, cqSize);
      cqSize = sqSize;
    }
    long sqAddr = 0;
    long cqAddr = 0;
    long sqesAddr = 0;
    long sqesLen = (long) SQE_SIZE * sqEntries;
    try {
      sqAddr = map(fd, sqSize, OFF_SQ_RING);
      cqAddr = single ? sqAddr : map(fd, cqSize, OFF_CQ_RING);
      sqesAddr = map(fd, sqesLen, OFF_SQES);
    } catch (IOException e) {
      unmap(sqesAddr, sqesLen);
      if (cqAddr != sqAddr) {
        unmap(cqAddr, cqSize);
      }
      unmap(sqAddr, sqSize);
      LibC.free(scratch);
      throw e;
    }
    this.sqRingAddress = sqAddr;
    this.sqRingSize = sqSize;
    this.cqRingAddress = cqAddr;
    this.cqRingSize = single ? 0 : cqSize;
    this.sqesAddress = sqesAddr;
    this.sqesSize = sqesLen;
    MemorySegment sqRing = MemorySegment.ofAddress(sqAddr).reinterpret(sqSize);
    MemorySegment cqRing = MemorySegment.ofAddress(cqAddr).reinterpret(cqSize);
    this.sq =
        new SubmissionQueue(
            sqRing,
            MemorySegment.ofAddress(sqesAddr).reinterpret(sqesLen),
            params.get(ValueLayout.JAVA_INT, 40),
            params.get(ValueLayout.JAVA_INT, 44),
            params.get(ValueLayout.JAVA_INT, 56),
            params.get(ValueLayout.JAVA_INT, 48),
            params.get(ValueLayout.JAVA_INT, 52),
            sqArray);
    this.cq =
        new CompletionQueue(
            cqRing,
            params.get(ValueLayout.JAVA_INT, 80),
            params.get(ValueLayout.JAVA_INT, 84),
            params.get(ValueLayout.JAVA_INT, 88),
            cqCqes);
    this.enterFd = fd;
  }

  /**
   * Sets up a ring.
   *
   * @param entries SQ entries (rounded up to a power of two by the kernel)
   * @param cqEntries CQ entries, or 0 for the kernel's default (twice {@code entries})
   * @param flags {@code IORING_SETUP_*}
   * @return the ring
   * @throws IOException a {@link io.tern.transport.linux.NativeIoException} with the errno ({@code
   *     EINVAL} for unknown flags, {@code EPERM}/{@code ENOSYS} when io_uring is not allowed)
   */
  public static Ring setup(int entries, int cqEntries, int flags) throws IOException {
    MemorySegment params = LibC.calloc(PARAMS_SIZE);
    try {
      int f = flags;
      if (cqEntries > 0) {
        f |= SETUP_CQSIZE;
        params.set(ValueLayout.JAVA_INT, 4, cqEntries);
      }
      params.set(ValueLayout.JAVA_INT, 8, f);
      int fd = IoUringCalls.setup(entries, params.address());
      if (fd < 0) {
        throw Errors.ioException("io_uring_setup", fd);
      }
      try {
        return new Ring(fd, params);
      } catch (IOException | RuntimeException e) {
        LibC.close(fd);
        throw e;
      }
    } finally {
      LibC.free(params);
    }
  }

  private static long map(int fd, long size, long offset) throws IOException {
    long r =
        LibC.mmap(
            0,
            size,
            LinuxConstants.PROT_READ | LinuxConstants.PROT_WRITE,
            LinuxConstants.MAP_SHARED | LinuxConstants.MAP_POPULATE,
            fd,
            offset);
    if (r < 0 && r > -4096) {
      throw Errors.ioException("mmap", (int) r);
    }
    return r;
  }

  private static void unmap(long address, long size) {
    if (address > 0) {
      LibC.munmap(address, size);
    }
  }

  /**
   * Returns the ring descriptor.
   *
   * @return the fd
   */
  public int fd() {
    return fd;
  }

  /**
   * Returns the flags the ring was set up with.
   *
   * @return {@code IORING_SETUP_*}
   */
  public int setupFlags() {
    return setupFlags;
  }

  /**
   * Returns the features the kernel reported.
   *
   * @return {@code IORING_FEAT_*}
   */
  public int features() {
    return features;
  }

  /**
   * Returns the submission queue.
   *
   * @return the SQ
   */
  public SubmissionQueue sq() {
    return sq;
  }

  /**
   * Returns the completion queue.
   *
   * @return the CQ
   */
  public CompletionQueue cq() {
    return cq;
  }

  /**
   * Enables a ring set up with {@code IORING_SETUP_R_DISABLED}; with {@code SINGLE_ISSUER} the
   * calling thread becomes the submitter.
   *
   * @throws IOException if the kernel refuses
   */
  public void enable() throws IOException {
    Errors.check(
        "io_uring_register",
        IoUringCalls.register(fd, IoUringConstants.REGISTER_ENABLE_RINGS, 0, 0));
  }

  /**
   * Registers the ring descriptor with itself ({@code IORING_REGISTER_RING_FDS}, Linux 5.18), so
   * {@code io_uring_enter} skips the descriptor table lookup. Registration is per thread: call it
   * on the submitter.
   *
   * @return {@code true} if registered, {@code false} if the kernel does not support it
   */
  public boolean registerRingFd() {
    // struct io_uring_rsrc_update { u32 offset; u32 resv; u64 data; }: offset -1 = any slot.
    scratch.set(ValueLayout.JAVA_INT, 0, -1);
    scratch.set(ValueLayout.JAVA_INT, 4, 0);
    scratch.set(ValueLayout.JAVA_LONG, 8, fd);
    int r = IoUringCalls.register(fd, IoUringConstants.REGISTER_RING_FDS, scratch.address(), 1);
    if (r != 1) {
      return false;
    }
    enterFd = scratch.get(ValueLayout.JAVA_INT, 0);
    enterFlags = ENTER_REGISTERED_RING;
    return true;
  }

  /** Drops the registration {@link #registerRingFd()} made; call on the same thread. */
  public void unregisterRingFd() {
    if (enterFlags != ENTER_REGISTERED_RING) {
      return;
    }
    scratch.set(ValueLayout.JAVA_INT, 0, enterFd);
    scratch.set(ValueLayout.JAVA_INT, 4, 0);
    scratch.set(ValueLayout.JAVA_LONG, 8, 0L);
    IoUringCalls.register(fd, IoUringConstants.UNREGISTER_RING_FDS, scratch.address(), 1);
    enterFd = fd;
    enterFlags = 0;
  }

  /**
   * Returns whether {@link #registerRingFd()} succeeded.
   *
   * @return {@code true} if enters use the registered index
   */
  public boolean isRingFdRegistered() {
    return enterFlags == ENTER_REGISTERED_RING;
  }

  /**
   * Publishes pending SQEs and calls {@code io_uring_enter}.
   *
   * @param minComplete completions to wait for (with {@code IORING_ENTER_GETEVENTS})
   * @param flags {@code IORING_ENTER_*}
   * @param arg the argument pointer (e.g. {@code io_uring_getevents_arg} with {@code EXT_ARG}), or
   *     0
   * @param argSize its size
   * @return entries submitted, or {@code -errno}
   */
  public int enter(int minComplete, int flags, long arg, long argSize) {
    int toSubmit = sq.flush();
    int r = IoUringCalls.enter(enterFd, toSubmit, minComplete, flags | enterFlags, arg, argSize);
    sq.refreshHead();
    return r;
  }

  /**
   * Calls {@code io_uring_register} on this ring.
   *
   * @param opcode {@code IORING_REGISTER_*}
   * @param arg the argument's address
   * @param nrArgs the argument count
   * @return the result, or {@code -errno}
   */
  public int register(int opcode, long arg, int nrArgs) {
    return IoUringCalls.register(fd, opcode, arg, nrArgs);
  }

  /**
   * Drops a ring fd registration, unmaps the rings and closes the descriptor (the kernel cancels
   * what is still in flight). Call on the submitter thread when the ring fd is registered.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    unregisterRingFd();
    LibC.munmap(sqesAddress, sqesSize);
    if (cqRingSize != 0) {
      LibC.munmap(cqRingAddress, cqRingSize);
    }
    LibC.munmap(sqRingAddress, sqRingSize);
    LibC.close(fd);
    LibC.free(scratch);
  }
}

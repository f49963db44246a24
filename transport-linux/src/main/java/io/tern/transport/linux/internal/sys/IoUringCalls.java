package io.tern.transport.linux.internal.sys;

import static io.tern.transport.linux.internal.sys.LibC.rethrow;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The three io_uring system calls, through {@code syscall(2)} (the C library has no wrappers). Same
 * conventions as {@link LibC}. Thread-safe, but see {@code IORING_SETUP_SINGLE_ISSUER}: a ring set
 * up with it accepts {@code enter} and {@code register} only from its submitter thread.
 */
public final class IoUringCalls {
  private static final MethodHandle SYSCALL2 = Native.syscall(2);
  private static final MethodHandle SYSCALL4 = Native.syscall(4);
  private static final MethodHandle SYSCALL6 = Native.syscall(6);

  private IoUringCalls() {}

  /** {@code io_uring_setup(2)}: returns the ring fd; {@code params} points to io_uring_params. */
  public static int setup(int entries, long params) {
    MemorySegment cs = Native.captureState();
    try {
      long r = (long) SYSCALL2.invokeExact(cs, Native.ARCH.sysIoUringSetup, (long) entries, params);
      return (int) LibC.result(cs, r);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /**
   * {@code io_uring_enter(2)}: submits {@code toSubmit} entries and, with {@code
   * IORING_ENTER_GETEVENTS}, waits for {@code minComplete} completions.
   *
   * @return the number of entries submitted, or {@code -errno}
   */
  public static int enter(
      int fd, int toSubmit, int minComplete, int flags, long arg, long argSize) {
    MemorySegment cs = Native.captureState();
    try {
      long r =
          (long)
              SYSCALL6.invokeExact(
                  cs,
                  Native.ARCH.sysIoUringEnter,
                  (long) fd,
                  (long) toSubmit,
                  (long) minComplete,
                  (long) flags,
                  arg,
                  argSize);
      return (int) LibC.result(cs, r);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code io_uring_register(2)}. */
  public static int register(int fd, int opcode, long arg, int nrArgs) {
    MemorySegment cs = Native.captureState();
    try {
      long r =
          (long)
              SYSCALL4.invokeExact(
                  cs, Native.ARCH.sysIoUringRegister, (long) fd, (long) opcode, arg, (long) nrArgs);
      return (int) LibC.result(cs, r);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }
}

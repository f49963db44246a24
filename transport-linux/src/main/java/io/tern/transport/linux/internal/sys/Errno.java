package io.tern.transport.linux.internal.sys;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Linux {@code errno} values the transports act on (asm-generic numbering, the same on x86_64 and
 * aarch64), and their names and messages.
 *
 * <p>Wrappers in this package return {@code -errno} on failure, like the kernel and io_uring
 * completions do, so one error path serves both transports. Names and messages come from glibc's
 * thread-safe {@code strerrorname_np}/{@code strerrordesc_np} (2.32+), falling back to {@code
 * "errno N"}. Thread-safe.
 */
@SuppressWarnings("restricted")
public final class Errno {
  public static final int EPERM = 1;
  public static final int ENOENT = 2;
  public static final int EINTR = 4;
  public static final int EBADF = 9;
  public static final int EAGAIN = 11;
  public static final int ENOMEM = 12;
  public static final int EACCES = 13;
  public static final int EFAULT = 14;
  public static final int EBUSY = 16;
  public static final int EEXIST = 17;
  public static final int EINVAL = 22;
  public static final int ENFILE = 23;
  public static final int EMFILE = 24;
  public static final int EPIPE = 32;
  public static final int ENOSYS = 38;
  public static final int ETIME = 62;
  public static final int ENOTSOCK = 88;
  public static final int EOPNOTSUPP = 95;
  public static final int EAFNOSUPPORT = 97;
  public static final int EADDRINUSE = 98;
  public static final int EADDRNOTAVAIL = 99;
  public static final int ENETUNREACH = 101;
  public static final int ECONNABORTED = 103;
  public static final int ECONNRESET = 104;
  public static final int ENOBUFS = 105;
  public static final int EISCONN = 106;
  public static final int ENOTCONN = 107;
  public static final int ETIMEDOUT = 110;
  public static final int ECONNREFUSED = 111;
  public static final int EHOSTUNREACH = 113;
  public static final int EALREADY = 114;
  public static final int EINPROGRESS = 115;
  public static final int ECANCELED = 125;

  private static final MethodHandle NAME =
      Native.downcallNoErrno(
          "strerrorname_np", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
  private static final MethodHandle DESCRIPTION =
      Native.downcallNoErrno(
          "strerrordesc_np", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));

  private Errno() {}

  /**
   * Returns the symbolic name of an errno value, e.g. {@code ECONNREFUSED}.
   *
   * @param errno a positive errno value
   * @return the name, or {@code errno N} when unknown
   */
  public static String name(int errno) {
    String s = lookup(NAME, errno);
    return s != null ? s : "errno " + errno;
  }

  /**
   * Returns the C library's message for an errno value, e.g. {@code Connection refused}.
   *
   * @param errno a positive errno value
   * @return the message, or {@code errno N} when unknown
   */
  public static String message(int errno) {
    String s = lookup(DESCRIPTION, errno);
    return s != null ? s : "errno " + errno;
  }

  private static String lookup(MethodHandle handle, int errno) {
    if (handle == null) {
      return null;
    }
    try {
      MemorySegment s = (MemorySegment) handle.invokeExact(errno);
      if (s.address() == 0) {
        return null;
      }
      return s.reinterpret(256).getString(0);
    } catch (Throwable t) {
      return null;
    }
  }
}

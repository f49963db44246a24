package io.tern.transport.linux.internal.sys;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Descriptor, memory, epoll, eventfd and timerfd calls of the C library (sockets are in {@link
 * SocketCalls}, io_uring in {@link IoUringCalls}).
 *
 * <p>Conventions for every wrapper here and in the sibling classes: a result {@code >= 0} is the
 * call's result; a negative result is {@code -errno}, never {@code -1}. Pointer arguments are raw
 * addresses ({@code long}, the same registers as a C pointer on LP64), so callers pass {@link
 * MemorySegment#address()} of memory they keep alive for the call. Nothing retries on {@code
 * EINTR}: callers decide. Thread-safe.
 */
@SuppressWarnings("restricted")
public final class LibC {
  private static final MethodHandle READ = fn("read", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle WRITE = fn("write", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle READV = fn("readv", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle WRITEV = fn("writev", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle CLOSE = fn("close", JAVA_INT, JAVA_INT);
  private static final MethodHandle PIPE2 = fn("pipe2", JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle SENDFILE =
      fn("sendfile", JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SPLICE =
      fn("splice", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle EVENTFD = fn("eventfd", JAVA_INT, JAVA_INT, JAVA_INT);
  private static final MethodHandle TIMERFD_CREATE =
      fn("timerfd_create", JAVA_INT, JAVA_INT, JAVA_INT);
  private static final MethodHandle TIMERFD_SETTIME =
      fn("timerfd_settime", JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle EPOLL_CREATE1 = fn("epoll_create1", JAVA_INT, JAVA_INT);
  private static final MethodHandle EPOLL_CTL =
      fn("epoll_ctl", JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG);
  private static final MethodHandle EPOLL_WAIT =
      fn("epoll_wait", JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT);
  private static final MethodHandle MMAP =
      fn("mmap", JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG);
  private static final MethodHandle MUNMAP = fn("munmap", JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SYSCALL6 = Native.syscall(6);
  private static final MethodHandle CALLOC =
      Native.downcallNoErrno("calloc", FunctionDescriptor.of(ADDRESS, JAVA_LONG, JAVA_LONG));
  private static final MethodHandle FREE =
      Native.downcallNoErrno("free", FunctionDescriptor.ofVoid(JAVA_LONG));

  private LibC() {}

  /** Builds a downcall capturing errno; null when the native layer is unavailable. */
  static MethodHandle fn(String name, ValueLayout result, ValueLayout... args) {
    return Native.downcall(name, FunctionDescriptor.of(result, args));
  }

  /**
   * Maps a C result to this package's convention: {@code -errno} on failure.
   *
   * @param capture the capture segment the call used
   * @param result the call's result
   * @return {@code result}, or {@code -errno} when it was negative
   */
  static long result(MemorySegment capture, long result) {
    return result < 0 ? -Native.errno(capture) : result;
  }

  static int result(MemorySegment capture, int result) {
    return result < 0 ? -Native.errno(capture) : result;
  }

  /** Downcalls throw only what the Java side throws; checked ones cannot occur. */
  static RuntimeException rethrow(Throwable t) {
    if (t instanceof Error e) {
      throw e;
    }
    return t instanceof RuntimeException e ? e : new IllegalStateException(t);
  }

  /** {@code read(2)}. */
  public static long read(int fd, long address, long length) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (long) READ.invokeExact(cs, fd, address, length));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code write(2)}. */
  public static long write(int fd, long address, long length) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (long) WRITE.invokeExact(cs, fd, address, length));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code readv(2)} over {@code count} iovecs at {@code iov}. */
  public static long readv(int fd, long iov, int count) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (long) READV.invokeExact(cs, fd, iov, count));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code writev(2)} over {@code count} iovecs at {@code iov}. */
  public static long writev(int fd, long iov, int count) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (long) WRITEV.invokeExact(cs, fd, iov, count));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code close(2)}; never retried on {@code EINTR} (Linux always releases the descriptor). */
  public static int close(int fd) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) CLOSE.invokeExact(cs, fd));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code pipe2(2)}: writes two {@code int}s at {@code fds}. */
  public static int pipe2(long fds, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) PIPE2.invokeExact(cs, fds, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code sendfile(2)}; {@code offset} points to an {@code off_t} the call advances. */
  public static long sendfile(int outFd, int inFd, long offset, long count) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (long) SENDFILE.invokeExact(cs, outFd, inFd, offset, count));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code splice(2)}; offsets point to {@code loff_t}s or are 0. */
  public static long splice(int fdIn, long offIn, int fdOut, long offOut, long length, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (long) SPLICE.invokeExact(cs, fdIn, offIn, fdOut, offOut, length, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code eventfd(2)}. */
  public static int eventfd(int initial, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) EVENTFD.invokeExact(cs, initial, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code timerfd_create(2)}. */
  public static int timerfdCreate(int clock, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) TIMERFD_CREATE.invokeExact(cs, clock, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code timerfd_settime(2)}; {@code newValue} points to an {@code itimerspec}. */
  public static int timerfdSettime(int fd, int flags, long newValue, long oldValue) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) TIMERFD_SETTIME.invokeExact(cs, fd, flags, newValue, oldValue));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code epoll_create1(2)}. */
  public static int epollCreate1(int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) EPOLL_CREATE1.invokeExact(cs, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code epoll_ctl(2)}; {@code event} points to an {@code epoll_event} (0 for DEL). */
  public static int epollCtl(int epfd, int op, int fd, long event) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) EPOLL_CTL.invokeExact(cs, epfd, op, fd, event));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code epoll_wait(2)} with a millisecond timeout (-1: forever). */
  public static int epollWait(int epfd, long events, int maxEvents, int timeoutMillis) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) EPOLL_WAIT.invokeExact(cs, epfd, events, maxEvents, timeoutMillis));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /**
   * {@code epoll_pwait2(2)} (Linux 5.11) with a {@code timespec} timeout (0: forever) and no signal
   * mask; {@code -ENOSYS} on older kernels.
   */
  public static int epollPwait2(int epfd, long events, int maxEvents, long timespec) {
    MemorySegment cs = Native.captureState();
    try {
      long r =
          (long)
              SYSCALL6.invokeExact(
                  cs,
                  Native.ARCH.sysEpollPwait2,
                  (long) epfd,
                  events,
                  (long) maxEvents,
                  timespec,
                  0L,
                  8L);
      return (int) result(cs, r);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code mmap(2)}; returns the address or {@code -errno}. */
  public static long mmap(long address, long length, int prot, int flags, int fd, long offset) {
    MemorySegment cs = Native.captureState();
    try {
      long r = (long) MMAP.invokeExact(cs, address, length, prot, flags, fd, offset);
      return r == -1L ? -Native.errno(cs) : r;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code munmap(2)}. */
  public static int munmap(long address, long length) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) MUNMAP.invokeExact(cs, address, length));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /**
   * Allocates {@code size} zeroed bytes with {@code calloc}; free them with {@link #free}. The
   * segment has global scope: its owner frees it exactly once.
   *
   * @throws OutOfMemoryError when the C library has no memory
   */
  public static MemorySegment calloc(long size) {
    try {
      MemorySegment m = (MemorySegment) CALLOC.invokeExact(1L, size);
      if (m.address() == 0) {
        throw new OutOfMemoryError("cannot allocate " + size + " bytes of native memory");
      }
      return m.reinterpret(size);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** Frees memory from {@link #calloc}; {@link MemorySegment#NULL} is ignored. */
  public static void free(MemorySegment segment) {
    if (segment.address() == 0) {
      return;
    }
    try {
      FREE.invokeExact(segment.address());
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }
}

package io.tern.transport.linux.internal.sys;

import static io.tern.transport.linux.internal.sys.LibC.fn;
import static io.tern.transport.linux.internal.sys.LibC.result;
import static io.tern.transport.linux.internal.sys.LibC.rethrow;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Socket calls of the C library. Same conventions as {@link LibC}: {@code -errno} on failure, raw
 * addresses for pointers. Thread-safe.
 */
public final class SocketCalls {
  private static final MethodHandle SOCKET = fn("socket", JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT);
  private static final MethodHandle SOCKETPAIR =
      fn("socketpair", JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG);
  private static final MethodHandle BIND = fn("bind", JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle LISTEN = fn("listen", JAVA_INT, JAVA_INT, JAVA_INT);
  private static final MethodHandle ACCEPT4 =
      fn("accept4", JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle CONNECT =
      fn("connect", JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle SHUTDOWN = fn("shutdown", JAVA_INT, JAVA_INT, JAVA_INT);
  private static final MethodHandle GETSOCKOPT =
      fn("getsockopt", JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SETSOCKOPT =
      fn("setsockopt", JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle GETSOCKNAME =
      fn("getsockname", JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle GETPEERNAME =
      fn("getpeername", JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SEND =
      fn("send", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle RECV =
      fn("recv", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT);
  private static final MethodHandle SENDTO =
      fn("sendto", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle RECVFROM =
      fn("recvfrom", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
  private static final MethodHandle SENDMSG =
      fn("sendmsg", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle RECVMSG =
      fn("recvmsg", JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT);
  private static final MethodHandle SENDMMSG =
      fn("sendmmsg", JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT);
  private static final MethodHandle RECVMMSG =
      fn("recvmmsg", JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG);

  private SocketCalls() {}

  /** {@code socket(2)}. */
  public static int socket(int domain, int type, int protocol) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) SOCKET.invokeExact(cs, domain, type, protocol));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code socketpair(2)}: writes two {@code int}s at {@code fds}. */
  public static int socketpair(int domain, int type, int protocol, long fds) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) SOCKETPAIR.invokeExact(cs, domain, type, protocol, fds));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code bind(2)}. */
  public static int bind(int fd, long address, int addressLength) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) BIND.invokeExact(cs, fd, address, addressLength));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code listen(2)}. */
  public static int listen(int fd, int backlog) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) LISTEN.invokeExact(cs, fd, backlog));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code accept4(2)}; {@code addressLength} points to a {@code socklen_t} (or both are 0). */
  public static int accept4(int fd, long address, long addressLength, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) ACCEPT4.invokeExact(cs, fd, address, addressLength, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code connect(2)}; {@code -EINPROGRESS} on a non-blocking socket still connecting. */
  public static int connect(int fd, long address, int addressLength) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) CONNECT.invokeExact(cs, fd, address, addressLength));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code shutdown(2)}. */
  public static int shutdown(int fd, int how) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) SHUTDOWN.invokeExact(cs, fd, how));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code getsockopt(2)}; {@code length} points to a {@code socklen_t}. */
  public static int getsockopt(int fd, int level, int name, long value, long length) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) GETSOCKOPT.invokeExact(cs, fd, level, name, value, length));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code setsockopt(2)}. */
  public static int setsockopt(int fd, int level, int name, long value, int length) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) SETSOCKOPT.invokeExact(cs, fd, level, name, value, length));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code getsockname(2)}; {@code length} points to a {@code socklen_t}. */
  public static int getsockname(int fd, long address, long length) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) GETSOCKNAME.invokeExact(cs, fd, address, length));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code getpeername(2)}; {@code length} points to a {@code socklen_t}. */
  public static int getpeername(int fd, long address, long length) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) GETPEERNAME.invokeExact(cs, fd, address, length));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code send(2)}. */
  public static long send(int fd, long buffer, long length, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (long) SEND.invokeExact(cs, fd, buffer, length, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code recv(2)}. */
  public static long recv(int fd, long buffer, long length, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (long) RECV.invokeExact(cs, fd, buffer, length, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code sendto(2)}. */
  public static long sendto(
      int fd, long buffer, long length, int flags, long address, int addressLength) {
    MemorySegment cs = Native.captureState();
    try {
      return result(
          cs, (long) SENDTO.invokeExact(cs, fd, buffer, length, flags, address, addressLength));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code recvfrom(2)}; {@code addressLength} points to a {@code socklen_t}. */
  public static long recvfrom(
      int fd, long buffer, long length, int flags, long address, long addressLength) {
    MemorySegment cs = Native.captureState();
    try {
      return result(
          cs, (long) RECVFROM.invokeExact(cs, fd, buffer, length, flags, address, addressLength));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code sendmsg(2)}; {@code msghdr} points to a {@code struct msghdr}. */
  public static long sendmsg(int fd, long msghdr, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (long) SENDMSG.invokeExact(cs, fd, msghdr, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code recvmsg(2)}. */
  public static long recvmsg(int fd, long msghdr, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (long) RECVMSG.invokeExact(cs, fd, msghdr, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code sendmmsg(2)}: sends up to {@code count} messages; returns how many were sent. */
  public static int sendmmsg(int fd, long mmsghdrs, int count, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) SENDMMSG.invokeExact(cs, fd, mmsghdrs, count, flags));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code recvmmsg(2)} with no timeout; returns how many messages were received. */
  public static int recvmmsg(int fd, long mmsghdrs, int count, int flags) {
    MemorySegment cs = Native.captureState();
    try {
      return result(cs, (int) RECVMMSG.invokeExact(cs, fd, mmsghdrs, count, flags, 0L));
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }
}

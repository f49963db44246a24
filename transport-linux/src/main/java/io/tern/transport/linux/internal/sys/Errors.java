package io.tern.transport.linux.internal.sys;

import io.tern.transport.linux.NativeIoException;
import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;

/**
 * Turns a failed call's {@code -errno} into the exception a Java caller expects: {@link
 * ConnectException} for a refused or timed-out connect, {@link NoRouteToHostException} for an
 * unreachable network or host, {@link BindException} for an address in use or not available, {@link
 * ClosedChannelException} for a closed descriptor, and {@link NativeIoException} (with the errno)
 * for the rest. Stateless; thread-safe.
 */
public final class Errors {
  private Errors() {}

  /**
   * Returns an exception for a failed I/O operation (read, write, send, ...).
   *
   * @param operation the call that failed
   * @param negErrno the call's result, {@code -errno}
   * @return the exception to throw
   */
  public static IOException ioException(String operation, int negErrno) {
    int errno = -negErrno;
    return switch (errno) {
      case Errno.EBADF -> new ClosedChannelException();
      case Errno.ECONNREFUSED -> new PortUnreachableException(describe(operation, errno));
      default -> new NativeIoException(operation, errno, Errno.message(errno));
    };
  }

  /**
   * Returns an exception for a failed datagram send or receive, of the types NIO reports: an ICMP
   * port unreachable as {@link PortUnreachableException}, an unreachable network as {@link
   * NoRouteToHostException}, anything else as a {@link SocketException}.
   *
   * @param operation the call that failed
   * @param negErrno the call's result, {@code -errno}
   * @return the exception to throw
   */
  public static IOException datagramException(String operation, int negErrno) {
    int errno = -negErrno;
    return switch (errno) {
      case Errno.EBADF -> new ClosedChannelException();
      case Errno.ECONNREFUSED -> new PortUnreachableException(describe(operation, errno));
      case Errno.ENETUNREACH, Errno.EHOSTUNREACH ->
          new NoRouteToHostException(describe(operation, errno));
      default -> new SocketException(describe(operation, errno));
    };
  }

  /**
   * Returns an exception for a failed {@code connect}.
   *
   * @param operation the call that failed
   * @param negErrno the call's result, {@code -errno}
   * @return the exception to throw
   */
  public static IOException connectException(String operation, int negErrno) {
    int errno = -negErrno;
    return switch (errno) {
      case Errno.ECONNREFUSED, Errno.ETIMEDOUT, Errno.ECONNRESET ->
          new ConnectException(describe(operation, errno));
      case Errno.ENETUNREACH, Errno.EHOSTUNREACH ->
          new NoRouteToHostException(describe(operation, errno));
      default -> ioException(operation, negErrno);
    };
  }

  /**
   * Returns an exception for a failed {@code bind} or {@code listen}.
   *
   * @param operation the call that failed
   * @param negErrno the call's result, {@code -errno}
   * @return the exception to throw
   */
  public static IOException bindException(String operation, int negErrno) {
    int errno = -negErrno;
    return switch (errno) {
      case Errno.EADDRINUSE, Errno.EADDRNOTAVAIL, Errno.EACCES ->
          new BindException(describe(operation, errno));
      default -> ioException(operation, negErrno);
    };
  }

  /**
   * Throws {@link #ioException} if {@code result} is negative.
   *
   * @param operation the call
   * @param result the call's result
   * @return {@code result} when it is not negative
   * @throws IOException when it is
   */
  public static int check(String operation, int result) throws IOException {
    if (result < 0) {
      throw ioException(operation, result);
    }
    return result;
  }

  private static String describe(String operation, int errno) {
    return operation + "(..) failed: " + Errno.message(errno);
  }
}

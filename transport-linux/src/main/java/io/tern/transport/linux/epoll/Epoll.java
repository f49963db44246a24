package io.tern.transport.linux.epoll;

import io.tern.common.SystemProperties;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Native;

/**
 * Whether the epoll transport works in this JVM, and why not. Probed once, on first use: the
 * platform must be Linux on x86_64 or aarch64, the FFM linker must reach the C library, and {@code
 * epoll_create1} and {@code eventfd} must succeed.
 *
 * <p>{@code io.tern.transport.linux.noEpoll} ({@code true} to disable) turns the transport off, for
 * example to compare it with NIO.
 *
 * <h2>Threading</h2>
 *
 * <p>Thread-safe: any thread may ask; the probe runs once.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the probe closes the descriptors it opened.
 */
public final class Epoll {
  @SuppressWarnings("StaticAssignmentOfThrowable") // probed once; reported, never thrown
  private static final Throwable UNAVAILABILITY_CAUSE = probe();

  private Epoll() {}

  /**
   * Returns whether epoll can be used.
   *
   * @return {@code true} if {@link EpollIoHandler} works here
   */
  public static boolean isAvailable() {
    return UNAVAILABILITY_CAUSE == null;
  }

  /**
   * Throws if epoll cannot be used.
   *
   * @throws UnsupportedOperationException with {@link #unavailabilityCause()} as its cause
   */
  public static void ensureAvailability() {
    if (UNAVAILABILITY_CAUSE != null) {
      throw new UnsupportedOperationException(
          "epoll is not available: " + UNAVAILABILITY_CAUSE.getMessage(), UNAVAILABILITY_CAUSE);
    }
  }

  /**
   * Returns why epoll cannot be used.
   *
   * @return the cause, or {@code null} if it is available
   */
  public static Throwable unavailabilityCause() {
    return UNAVAILABILITY_CAUSE;
  }

  private static Throwable probe() {
    if (SystemProperties.getBoolean("io.tern.transport.linux.noEpoll", false)) {
      return new UnsupportedOperationException(
          "disabled by -Dio.tern.transport.linux.noEpoll=true");
    }
    Throwable cause = Native.unavailabilityCause();
    if (cause != null) {
      return cause;
    }
    int epfd = LibC.epollCreate1(LinuxConstants.EPOLL_CLOEXEC);
    if (epfd < 0) {
      return new UnsupportedOperationException("epoll_create1 failed: " + Errno.name(-epfd));
    }
    LibC.close(epfd);
    int efd = LibC.eventfd(0, LinuxConstants.EFD_CLOEXEC | LinuxConstants.EFD_NONBLOCK);
    if (efd < 0) {
      return new UnsupportedOperationException("eventfd failed: " + Errno.name(-efd));
    }
    LibC.close(efd);
    return null;
  }
}

package io.tern.transport.linux.iouring;

import io.tern.common.SystemProperties;
import io.tern.transport.linux.internal.uring.IoUringFeatures;
import io.tern.transport.linux.internal.uring.IoUringProbe;

/**
 * Whether the io_uring transport works in this JVM, why not, and which optional kernel features it
 * found. Probed once, on first use, on throw-away rings.
 *
 * <p>The baseline is Linux 5.11 ({@code IORING_FEAT_EXT_ARG} for timed waits, {@code
 * IORING_OP_SHUTDOWN}); every feature reported here is used when present and replaced by a plainer
 * mechanism when not (see {@code docs/native-transports.md}). The unavailability cause names the
 * reason: not Linux, an unsupported architecture, {@code ENOSYS} (kernel without io_uring or a
 * seccomp filter), {@code EPERM} ({@code kernel.io_uring_disabled} or a container policy), or a
 * kernel older than the baseline.
 *
 * <p>{@code io.tern.transport.linux.noIoUring} ({@code true} to disable) turns the transport off.
 *
 * <h2>Threading</h2>
 *
 * <p>Thread-safe: any thread may ask; the probe runs once.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the probe's throw-away rings are closed again.
 */
public final class IoUring {
  @SuppressWarnings("StaticAssignmentOfThrowable") // probed once; reported, never thrown
  private static final Throwable UNAVAILABILITY_CAUSE;

  private static final IoUringFeatures FEATURES;

  static {
    if (SystemProperties.getBoolean("io.tern.transport.linux.noIoUring", false)) {
      UNAVAILABILITY_CAUSE =
          new UnsupportedOperationException("disabled by -Dio.tern.transport.linux.noIoUring=true");
      FEATURES = IoUringFeatures.BASELINE;
    } else {
      IoUringProbe.Result result = IoUringProbe.probe();
      UNAVAILABILITY_CAUSE = result.unavailabilityCause();
      FEATURES = result.features();
    }
  }

  private IoUring() {}

  /**
   * Returns whether io_uring can be used.
   *
   * @return {@code true} if {@link IoUringIoHandler} works here
   */
  public static boolean isAvailable() {
    return UNAVAILABILITY_CAUSE == null;
  }

  /**
   * Throws if io_uring cannot be used.
   *
   * @throws UnsupportedOperationException with {@link #unavailabilityCause()} as its cause
   */
  public static void ensureAvailability() {
    if (UNAVAILABILITY_CAUSE != null) {
      throw new UnsupportedOperationException(
          "io_uring is not available: " + UNAVAILABILITY_CAUSE.getMessage(), UNAVAILABILITY_CAUSE);
    }
  }

  /**
   * Returns why io_uring cannot be used.
   *
   * @return the cause, or {@code null} if it is available
   */
  public static Throwable unavailabilityCause() {
    return UNAVAILABILITY_CAUSE;
  }

  /**
   * Returns whether rings can be set up with {@code IORING_SETUP_SINGLE_ISSUER} (Linux 6.0).
   *
   * @return {@code true} if supported
   */
  public static boolean isSetupSingleIssuerSupported() {
    return FEATURES.singleIssuer();
  }

  /**
   * Returns whether rings can be set up with {@code IORING_SETUP_DEFER_TASKRUN} (Linux 6.1).
   *
   * @return {@code true} if supported
   */
  public static boolean isSetupDeferTaskrunSupported() {
    return FEATURES.deferTaskrun();
  }

  /**
   * Returns whether a ring descriptor can be registered with itself ({@code
   * IORING_REGISTER_RING_FDS}, Linux 5.18).
   *
   * @return {@code true} if supported
   */
  public static boolean isRegisterRingFdSupported() {
    return FEATURES.registeredRing();
  }

  /**
   * Returns whether provided buffer rings can be registered ({@code IORING_REGISTER_PBUF_RING},
   * Linux 5.19).
   *
   * @return {@code true} if supported
   */
  public static boolean isRegisterBufferRingSupported() {
    return FEATURES.bufferRings();
  }

  /**
   * Returns whether one accept request can complete many times ({@code IORING_ACCEPT_MULTISHOT},
   * Linux 5.19).
   *
   * @return {@code true} if supported
   */
  public static boolean isAcceptMultishotSupported() {
    return FEATURES.multishotAccept();
  }

  /**
   * Returns whether one receive request can complete many times into provided buffers ({@code
   * IORING_RECV_MULTISHOT}, Linux 6.0).
   *
   * @return {@code true} if supported
   */
  public static boolean isRecvMultishotSupported() {
    return FEATURES.multishotRecv();
  }

  /**
   * Returns whether zero-copy sends are supported ({@code IORING_OP_SEND_ZC}, Linux 6.0).
   *
   * @return {@code true} if supported
   */
  public static boolean isSendZcSupported() {
    return FEATURES.sendZc();
  }

  /**
   * Returns whether rings can message each other ({@code IORING_OP_MSG_RING}, Linux 5.18).
   *
   * @return {@code true} if supported
   */
  public static boolean isMsgRingSupported() {
    return FEATURES.msgRing();
  }

  /**
   * Returns whether requests can be cancelled by descriptor ({@code IORING_ASYNC_CANCEL_FD}, Linux
   * 5.19).
   *
   * @return {@code true} if supported
   */
  public static boolean isCancelByFdSupported() {
    return FEATURES.cancelByFd();
  }

  static IoUringFeatures features() {
    return FEATURES;
  }
}

package io.tern.transport.linux.internal.uring;

import static io.tern.transport.linux.internal.uring.IoUringConstants.FEAT_EXT_ARG;
import static io.tern.transport.linux.internal.uring.IoUringConstants.FEAT_FAST_POLL;
import static io.tern.transport.linux.internal.uring.IoUringConstants.FEAT_NODROP;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_ACCEPT;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_ASYNC_CANCEL;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_CLOSE;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_CONNECT;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_LAST_KNOWN;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_MSG_RING;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_NOP;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_POLL_ADD;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_READ;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_RECV;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_RECVMSG;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_SEND;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_SENDMSG;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_SENDMSG_ZC;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_SEND_ZC;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_SHUTDOWN;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_WRITE;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_WRITEV;
import static io.tern.transport.linux.internal.uring.IoUringConstants.PBUF_RING_INC;
import static io.tern.transport.linux.internal.uring.IoUringConstants.REGISTER_PBUF_RING;
import static io.tern.transport.linux.internal.uring.IoUringConstants.REGISTER_PROBE;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_COOP_TASKRUN;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_DEFER_TASKRUN;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_R_DISABLED;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_SINGLE_ISSUER;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_SUBMIT_ALL;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_TASKRUN_FLAG;
import static io.tern.transport.linux.internal.uring.IoUringConstants.UNREGISTER_PBUF_RING;

import io.tern.transport.linux.NativeIoException;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Native;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Probes io_uring once: can a ring be set up at all (and if not, why: not Linux, no FFM, {@code
 * ENOSYS} from an old kernel or a seccomp filter, {@code EPERM} from {@code
 * kernel.io_uring_disabled} or a container policy), does it have the baseline the transport needs,
 * and which optional features work. Every optional feature is tried on a throw-away ring.
 *
 * <p>Call from any thread; the result is immutable.
 */
public final class IoUringProbe {
  private static final byte[] REQUIRED_OPS = {
    OP_NOP,
    OP_READ,
    OP_WRITE,
    OP_WRITEV,
    OP_SEND,
    OP_RECV,
    OP_SENDMSG,
    OP_RECVMSG,
    OP_ACCEPT,
    OP_CONNECT,
    OP_CLOSE,
    OP_ASYNC_CANCEL,
    OP_POLL_ADD,
    OP_SHUTDOWN
  };
  private static final String[] REQUIRED_OP_NAMES = {
    "NOP",
    "READ",
    "WRITE",
    "WRITEV",
    "SEND",
    "RECV",
    "SENDMSG",
    "RECVMSG",
    "ACCEPT",
    "CONNECT",
    "CLOSE",
    "ASYNC_CANCEL",
    "POLL_ADD",
    "SHUTDOWN"
  };
  private static final int REQUIRED_FEATURES = FEAT_NODROP | FEAT_EXT_ARG | FEAT_FAST_POLL;

  /** The probe's verdict. */
  public record Result(Throwable unavailabilityCause, IoUringFeatures features) {}

  private IoUringProbe() {}

  /**
   * Probes the kernel.
   *
   * @return the cause when unavailable (features then {@link IoUringFeatures#BASELINE}), else the
   *     features
   */
  public static Result probe() {
    Throwable cause = Native.unavailabilityCause();
    if (cause != null) {
      return new Result(cause, IoUringFeatures.BASELINE);
    }
    Ring ring;
    try {
      ring = Ring.setup(2, 0, 0);
    } catch (IOException e) {
      return new Result(explainSetupFailure(e), IoUringFeatures.BASELINE);
    }
    try {
      int missing = REQUIRED_FEATURES & ~ring.features();
      if (missing != 0) {
        return new Result(
            new UnsupportedOperationException(
                "kernel "
                    + System.getProperty("os.version")
                    + " is too old for io_uring: missing IORING_FEAT bits 0x"
                    + Integer.toHexString(missing)
                    + " (EXT_ARG needs Linux 5.11)"),
            IoUringFeatures.BASELINE);
      }
      boolean[] ops = supportedOps(ring);
      for (int i = 0; i < REQUIRED_OPS.length; i++) {
        if (!ops[REQUIRED_OPS[i]]) {
          return new Result(
              new UnsupportedOperationException(
                  "kernel "
                      + System.getProperty("os.version")
                      + " is too old for io_uring: no IORING_OP_"
                      + REQUIRED_OP_NAMES[i]
                      + " (needs Linux 5.11)"),
              IoUringFeatures.BASELINE);
        }
      }
      boolean bufferRings = tryBufferRing(ring, (short) 0);
      boolean incremental = bufferRings && tryBufferRing(ring, PBUF_RING_INC);
      boolean registeredRing = tryRegisteredRing(ring);
      boolean singleIssuer = trySetup(SETUP_SINGLE_ISSUER | SETUP_R_DISABLED);
      boolean defer =
          singleIssuer && trySetup(SETUP_SINGLE_ISSUER | SETUP_DEFER_TASKRUN | SETUP_R_DISABLED);
      boolean deferFlag =
          defer
              && trySetup(
                  SETUP_SINGLE_ISSUER
                      | SETUP_DEFER_TASKRUN
                      | SETUP_TASKRUN_FLAG
                      | SETUP_R_DISABLED);
      boolean sendZc = ops[OP_SEND_ZC];
      IoUringFeatures features =
          new IoUringFeatures(
              ring.features(),
              trySetup(SETUP_SUBMIT_ALL),
              trySetup(SETUP_COOP_TASKRUN | SETUP_TASKRUN_FLAG),
              singleIssuer,
              defer,
              deferFlag,
              registeredRing,
              bufferRings,
              incremental,
              bufferRings,
              sendZc,
              sendZc,
              ops[OP_SENDMSG_ZC],
              ops[OP_MSG_RING],
              bufferRings,
              FixedFiles.probe(ring));
      return new Result(null, features);
    } finally {
      ring.close();
    }
  }

  private static Throwable explainSetupFailure(IOException e) {
    if (!(e instanceof NativeIoException n)) {
      return e;
    }
    String version = "kernel " + System.getProperty("os.version");
    return switch (n.errno()) {
      case Errno.ENOSYS ->
          new UnsupportedOperationException(
              "io_uring_setup: ENOSYS: the "
                  + version
                  + " has no io_uring (needs Linux 5.11+), or a seccomp filter blocks it",
              e);
      case Errno.EPERM -> new UnsupportedOperationException(describeEperm(), e);
      default -> new UnsupportedOperationException("io_uring_setup failed on " + version, e);
    };
  }

  private static String describeEperm() {
    String disabled = readSysctl("/proc/sys/kernel/io_uring_disabled");
    if ("2".equals(disabled)) {
      return "io_uring_setup: EPERM: io_uring is disabled by sysctl kernel.io_uring_disabled=2";
    }
    if ("1".equals(disabled)) {
      return "io_uring_setup: EPERM: kernel.io_uring_disabled=1 allows io_uring only to"
          + " CAP_SYS_ADMIN or members of kernel.io_uring_group";
    }
    return "io_uring_setup: EPERM: io_uring is blocked (seccomp filter or container policy;"
        + " kernel.io_uring_disabled="
        + (disabled == null ? "unknown" : disabled)
        + ")";
  }

  private static String readSysctl(String path) {
    try {
      return Files.readString(Path.of(path), StandardCharsets.US_ASCII).strip();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** IORING_REGISTER_PROBE: struct io_uring_probe (16 bytes) + ops[n] of 8 bytes each. */
  private static boolean[] supportedOps(Ring ring) {
    boolean[] ops = new boolean[256];
    int n = OP_LAST_KNOWN;
    MemorySegment probe = LibC.calloc(16 + 8L * n);
    try {
      if (ring.register(REGISTER_PROBE, probe.address(), n) < 0) {
        return ops;
      }
      int len = probe.get(ValueLayout.JAVA_BYTE, 1) & 0xff;
      for (int i = 0; i < Math.min(len, n); i++) {
        long at = 16 + 8L * i;
        int op = probe.get(ValueLayout.JAVA_BYTE, at) & 0xff;
        int flags = probe.get(ValueLayout.JAVA_SHORT, at + 2) & 0xffff;
        ops[op] = (flags & 1) != 0;
      }
      return ops;
    } finally {
      LibC.free(probe);
    }
  }

  private static boolean trySetup(int flags) {
    try {
      Ring.setup(2, 0, flags).close();
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Registers the ring with itself and unregisters it (the entry lives in this thread). */
  private static boolean tryRegisteredRing(Ring ring) {
    if (!ring.registerRingFd()) {
      return false;
    }
    ring.unregisterRingFd();
    return true;
  }

  /** Registers and unregisters a one-page provided buffer ring with 8 entries. */
  private static boolean tryBufferRing(Ring ring, short flags) {
    long page =
        LibC.mmap(
            0,
            4096,
            LinuxConstants.PROT_READ | LinuxConstants.PROT_WRITE,
            LinuxConstants.MAP_PRIVATE | LinuxConstants.MAP_ANONYMOUS,
            -1,
            0);
    if (page < 0) {
      return false;
    }
    MemorySegment reg = LibC.calloc(40);
    try {
      reg.set(ValueLayout.JAVA_LONG, 0, page);
      reg.set(ValueLayout.JAVA_INT, 8, 8);
      reg.set(ValueLayout.JAVA_SHORT, 12, (short) 0);
      reg.set(ValueLayout.JAVA_SHORT, 14, flags);
      if (ring.register(REGISTER_PBUF_RING, reg.address(), 1) < 0) {
        return false;
      }
      ring.register(UNREGISTER_PBUF_RING, reg.address(), 1);
      return true;
    } finally {
      LibC.free(reg);
      LibC.munmap(page, 4096);
    }
  }
}

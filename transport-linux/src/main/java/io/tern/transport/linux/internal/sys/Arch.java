package io.tern.transport.linux.internal.sys;

import java.util.Locale;

/**
 * The 64-bit Linux architectures the native transports support, and the few ABI facts that differ
 * between them.
 *
 * <p>Almost everything the transports touch is the same on x86_64 and aarch64: both use the
 * asm-generic errno numbers, socket options, {@code O_}/{@code SOCK_} flags and mmap flags, and the
 * LP64 layouts of {@code iovec}, {@code msghdr}, {@code sockaddr_*} and {@code timespec}. What
 * differs:
 *
 * <ul>
 *   <li>{@code struct epoll_event} is packed on x86_64 (12 bytes, {@code data} at offset 4) and
 *       naturally aligned on aarch64 (16 bytes, {@code data} at offset 8);
 *   <li>system call numbers, of which only those called through {@code syscall(2)} matter here
 *       (glibc has no wrappers for io_uring). The io_uring and {@code epoll_pwait2} numbers are
 *       shared by every architecture since Linux 5.1's unified numbering, but are kept per
 *       architecture so a new one is added in one place.
 * </ul>
 */
public enum Arch {
  /** x86_64 (amd64). */
  X86_64(12, 4, 425, 426, 427, 441),
  /** aarch64 (arm64). */
  AARCH64(16, 8, 425, 426, 427, 441);

  /** Size of {@code struct epoll_event}. */
  public final int epollEventSize;

  /** Offset of {@code epoll_event.data} (the 64-bit user word). */
  public final int epollDataOffset;

  /** {@code __NR_io_uring_setup}. */
  public final long sysIoUringSetup;

  /** {@code __NR_io_uring_enter}. */
  public final long sysIoUringEnter;

  /** {@code __NR_io_uring_register}. */
  public final long sysIoUringRegister;

  /** {@code __NR_epoll_pwait2} (Linux 5.11). */
  public final long sysEpollPwait2;

  Arch(
      int epollEventSize,
      int epollDataOffset,
      long sysIoUringSetup,
      long sysIoUringEnter,
      long sysIoUringRegister,
      long sysEpollPwait2) {
    this.epollEventSize = epollEventSize;
    this.epollDataOffset = epollDataOffset;
    this.sysIoUringSetup = sysIoUringSetup;
    this.sysIoUringEnter = sysIoUringEnter;
    this.sysIoUringRegister = sysIoUringRegister;
    this.sysEpollPwait2 = sysEpollPwait2;
  }

  /**
   * Returns the architecture for a JVM {@code os.arch} value.
   *
   * @param osArch the value of {@code os.arch}
   * @return the architecture, or {@code null} if unsupported
   */
  public static Arch of(String osArch) {
    return switch (osArch.toLowerCase(Locale.ROOT)) {
      case "amd64", "x86_64" -> X86_64;
      case "aarch64", "arm64" -> AARCH64;
      default -> null;
    };
  }
}

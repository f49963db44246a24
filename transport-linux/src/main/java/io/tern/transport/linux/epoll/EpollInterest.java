package io.tern.transport.linux.epoll;

import io.tern.transport.IoRegistration;

/**
 * The readiness an epoll channel asks for ({@link EpollIoOps} bits), submitted through its
 * registration only when it changes. Before registration the bits are kept and take effect with the
 * first change after it. Loop thread only.
 */
final class EpollInterest {
  private int bits;

  /**
   * Returns whether any of {@code mask} is asked for.
   *
   * @param mask interest bits
   * @return {@code true} if at least one is set
   */
  boolean has(int mask) {
    return (bits & mask) != 0;
  }

  /**
   * Adds or removes interest bits.
   *
   * @param registration the channel's registration, or {@code null} before it registered
   * @param mask the bits
   * @param on add or remove
   */
  void set(IoRegistration registration, int mask, boolean on) {
    int updated = on ? bits | mask : bits & ~mask;
    if (updated == bits) {
      return;
    }
    bits = updated;
    if (registration != null) {
      registration.submit(EpollIoOps.valueOf(updated));
    }
  }
}

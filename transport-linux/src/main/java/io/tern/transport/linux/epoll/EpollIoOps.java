package io.tern.transport.linux.epoll;

import io.tern.transport.IoOps;
import io.tern.transport.linux.internal.sys.LinuxConstants;

/**
 * The readiness an {@link EpollIoHandle} asks its {@link EpollIoHandler} to watch for, submitted
 * through {@link io.tern.transport.IoRegistration#submit}. Registration is always edge-triggered
 * ({@code EPOLLET}): after an event, consume until {@code EAGAIN} or expect no new event for what
 * is left. {@code EPOLLERR} and {@code EPOLLHUP} are always reported.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; {@link #valueOf} returns shared instances for the common combinations, usable from
 * any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param events the interest bits
 */
public record EpollIoOps(int events) implements IoOps {
  /** Readable. */
  public static final int EPOLLIN = LinuxConstants.EPOLLIN;

  /** Urgent data readable. */
  public static final int EPOLLPRI = LinuxConstants.EPOLLPRI;

  /** Writable. */
  public static final int EPOLLOUT = LinuxConstants.EPOLLOUT;

  /** Error (always reported). */
  public static final int EPOLLERR = LinuxConstants.EPOLLERR;

  /** Hang-up (always reported). */
  public static final int EPOLLHUP = LinuxConstants.EPOLLHUP;

  /** The peer shut down its writing side. */
  public static final int EPOLLRDHUP = LinuxConstants.EPOLLRDHUP;

  /** No interest: only errors and hang-ups. */
  public static final EpollIoOps NONE = new EpollIoOps(0);

  private static final EpollIoOps[] CACHE = new EpollIoOps[16];

  static {
    for (int i = 0; i < CACHE.length; i++) {
      CACHE[i] = i == 0 ? NONE : new EpollIoOps(expand(i));
    }
  }

  /**
   * Returns the ops for {@code events}, shared when it is a combination of {@link #EPOLLIN}, {@link
   * #EPOLLPRI}, {@link #EPOLLOUT} and {@link #EPOLLRDHUP}.
   *
   * @param events the interest bits
   * @return the ops
   */
  public static EpollIoOps valueOf(int events) {
    int compact = compact(events);
    return compact >= 0 ? CACHE[compact] : new EpollIoOps(events);
  }

  /**
   * Returns these ops with {@code bits} added.
   *
   * @param bits interest bits
   * @return the combined ops
   */
  public EpollIoOps with(int bits) {
    return valueOf(events | bits);
  }

  /**
   * Returns these ops with {@code bits} removed.
   *
   * @param bits interest bits
   * @return the reduced ops
   */
  public EpollIoOps without(int bits) {
    return valueOf(events & ~bits);
  }

  /**
   * Returns whether all of {@code bits} are set.
   *
   * @param bits interest bits
   * @return {@code true} if contained
   */
  public boolean contains(int bits) {
    return (events & bits) == bits;
  }

  private static int compact(int events) {
    if ((events & ~(EPOLLIN | EPOLLPRI | EPOLLOUT | EPOLLRDHUP)) != 0) {
      return -1;
    }
    return (events & (EPOLLIN | EPOLLPRI | EPOLLOUT)) | ((events & EPOLLRDHUP) != 0 ? 8 : 0);
  }

  private static int expand(int compact) {
    return (compact & 7) | ((compact & 8) != 0 ? EPOLLRDHUP : 0);
  }

  static String describe(int events) {
    StringBuilder sb = new StringBuilder();
    append(sb, events, EPOLLIN, "IN");
    append(sb, events, EPOLLPRI, "PRI");
    append(sb, events, EPOLLOUT, "OUT");
    append(sb, events, EPOLLERR, "ERR");
    append(sb, events, EPOLLHUP, "HUP");
    append(sb, events, EPOLLRDHUP, "RDHUP");
    return sb.isEmpty() ? "0" : sb.toString();
  }

  private static void append(StringBuilder sb, int events, int bit, String name) {
    if ((events & bit) != 0) {
      if (!sb.isEmpty()) {
        sb.append('|');
      }
      sb.append(name);
    }
  }

  @Override
  public String toString() {
    return "EpollIoOps(" + describe(events) + ")";
  }
}

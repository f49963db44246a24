package io.tern.transport.linux.epoll;

import io.tern.transport.IoEvent;

/**
 * The readiness an {@link EpollIoHandler} reports to an {@link EpollIoHandle}: the {@code
 * epoll_event.events} bits ({@link EpollIoOps#EPOLLIN}, {@link EpollIoOps#EPOLLOUT}, {@link
 * EpollIoOps#EPOLLRDHUP}, {@link EpollIoOps#EPOLLERR}, {@link EpollIoOps#EPOLLHUP}).
 *
 * <h2>Threading</h2>
 *
 * <p>The handler reuses one instance for every event it dispatches, so the hot path allocates
 * nothing: read it during {@link io.tern.transport.IoHandle#handle} on the loop thread and do not
 * keep it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class EpollIoEvent implements IoEvent {
  private int events;

  EpollIoEvent() {}

  EpollIoEvent events(int events) {
    this.events = events;
    return this;
  }

  /**
   * Returns the ready bits.
   *
   * @return the {@code epoll_event.events} value
   */
  public int events() {
    return events;
  }

  /**
   * Returns whether any of {@code bits} is set.
   *
   * @param bits e.g. {@link EpollIoOps#EPOLLIN} {@code |} {@link EpollIoOps#EPOLLRDHUP}
   * @return {@code true} if at least one is ready
   */
  public boolean isAny(int bits) {
    return (events & bits) != 0;
  }

  @Override
  public String toString() {
    return "EpollIoEvent(" + EpollIoOps.describe(events) + ")";
  }
}

package io.tern.transport.linux.epoll;

import io.tern.transport.IoHandle;

/**
 * An {@link IoHandle} backed by a Linux file descriptor, registered with an {@link EpollIoHandler}.
 * It receives {@link EpollIoEvent}s and changes its interest by submitting {@link EpollIoOps}.
 *
 * <h2>Threading</h2>
 *
 * <p>Its methods are called on the owning event loop's thread only.
 *
 * <h2>Ownership</h2>
 *
 * <p>The handle's owner (a channel) owns the descriptor and closes it; the handler only watches it,
 * and calls {@link #close()} at shutdown for a handle still registered.
 */
public interface EpollIoHandle extends IoHandle {
  /**
   * Returns the descriptor to watch. It must stay open while registered.
   *
   * @return a non-blocking file descriptor
   */
  int fd();
}

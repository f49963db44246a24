package io.tern.transport.linux;

import io.tern.transport.IoHandle;

/**
 * An {@link IoHandle} backed by a Linux file descriptor, registered with an {@link EpollIoHandler}.
 * It receives {@link EpollIoEvent}s and changes its interest by submitting {@link EpollIoOps}. Its
 * methods are called on the owning event loop's thread only.
 */
public interface EpollIoHandle extends IoHandle {
  /**
   * Returns the descriptor to watch. It must stay open while registered.
   *
   * @return a non-blocking file descriptor
   */
  int fd();
}

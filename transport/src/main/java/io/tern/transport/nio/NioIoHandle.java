package io.tern.transport.nio;

import io.tern.transport.IoHandle;
import java.nio.channels.SelectableChannel;

/**
 * An {@link IoHandle} backed by a selectable NIO channel
 *
 * <h2>Threading</h2>
 *
 * <p>Used on the loop thread only.
 *
 * <h2>Ownership</h2>
 *
 * <p>The handle's owner (a channel) owns the selectable channel and closes it; the selector only
 * borrows it.
 */
public interface NioIoHandle extends IoHandle {
  /**
   * Returns the channel to register with the selector.
   *
   * @return the channel, in non-blocking mode
   */
  SelectableChannel selectableChannel();
}

package io.tern.transport;

import java.nio.channels.SelectableChannel;

/** An {@link IoHandle} backed by a selectable NIO channel; used on the loop thread only. */
public interface NioIoHandle extends IoHandle {
  /**
   * Returns the channel to register with the selector.
   *
   * @return the channel, in non-blocking mode
   */
  SelectableChannel selectableChannel();
}

package io.tern.transport.channel;

import io.tern.transport.EventLoopGroup;

/**
 * A channel that accepts connections: each accepted child is a new channel, bound to a loop of
 * {@link #childGroup()}, passed to the pipeline's {@code channelRead} (where the server bootstrap
 * sets it up and registers it). The server channel itself does not write.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link Channel}.
 *
 * <h2>Ownership</h2>
 *
 * <p>An accepted child belongs to the handler that receives it in {@code channelRead} (the server
 * bootstrap registers it); closing the server does not close its children.
 */
public interface ServerChannel extends Channel {
  /**
   * Returns the group the accepted children's loops come from.
   *
   * @return the child group
   */
  EventLoopGroup childGroup();
}

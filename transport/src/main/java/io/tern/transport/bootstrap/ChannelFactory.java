package io.tern.transport.bootstrap;

import io.tern.transport.EventLoop;
import io.tern.transport.channel.Channel;

/**
 * Creates the channels of a {@link Bootstrap}, usually a constructor reference such as {@code
 * NioSocketChannel::new}.
 *
 * <h2>Threading</h2>
 *
 * <p>Called on the thread that calls {@code connect}/{@code bind}.
 *
 * <h2>Ownership</h2>
 *
 * <p>The created channel belongs to the bootstrap's caller.
 *
 * @param <C> the channel type
 */
@FunctionalInterface
public interface ChannelFactory<C extends Channel> {
  /**
   * Creates an unregistered channel bound to {@code eventLoop}.
   *
   * @param eventLoop the loop the channel will run on
   * @return the new channel
   */
  C newChannel(EventLoop eventLoop);
}

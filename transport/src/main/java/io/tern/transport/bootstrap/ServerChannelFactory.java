package io.tern.transport.bootstrap;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.ServerChannel;

/**
 * Creates the listening channel of a {@link ServerBootstrap}, usually a constructor reference such
 * as {@code NioServerSocketChannel::new}.
 *
 * <h2>Threading</h2>
 *
 * <p>Called on the thread that calls {@code bind}.
 *
 * <h2>Ownership</h2>
 *
 * <p>The created channel belongs to the bootstrap's caller.
 *
 * @param <C> the channel type
 */
@FunctionalInterface
public interface ServerChannelFactory<C extends ServerChannel> {
  /**
   * Creates an unregistered server channel.
   *
   * @param eventLoop the loop the server channel will run on
   * @param childGroup the group whose loops the accepted children will run on
   * @return the new channel
   */
  C newChannel(EventLoop eventLoop, EventLoopGroup childGroup);
}

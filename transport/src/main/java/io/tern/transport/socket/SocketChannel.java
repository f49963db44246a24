package io.tern.transport.socket;

import io.tern.transport.channel.DuplexChannel;
import java.net.InetSocketAddress;

/**
 * A TCP connection, whatever the transport (NIO, epoll, io_uring): what {@code
 * ChannelInitializer<SocketChannel>} receives, so handler setup code does not depend on the
 * transport.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}.
 *
 * <h2>Ownership</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: a written message belongs to the channel, a read
 * one to the handler it is passed to.
 */
public interface SocketChannel extends DuplexChannel {
  @Override
  ServerSocketChannel parent();

  @Override
  InetSocketAddress localAddress();

  @Override
  InetSocketAddress remoteAddress();
}

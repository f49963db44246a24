package io.tern.transport.socket;

import io.tern.transport.channel.DuplexChannel;
import java.net.InetSocketAddress;

/**
 * A TCP connection, whatever the transport (NIO, epoll, io_uring): what {@code
 * ChannelInitializer<SocketChannel>} receives, so handler setup code does not depend on the
 * transport.
 *
 * <p>Threading: as {@link io.tern.transport.channel.Channel}.
 */
public interface SocketChannel extends DuplexChannel {
  @Override
  ServerSocketChannel parent();

  @Override
  InetSocketAddress localAddress();

  @Override
  InetSocketAddress remoteAddress();
}

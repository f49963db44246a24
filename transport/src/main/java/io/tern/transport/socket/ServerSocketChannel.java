package io.tern.transport.socket;

import io.tern.transport.channel.ServerChannel;
import java.net.InetSocketAddress;

/**
 * A listening TCP socket, whatever the transport; its children are {@link SocketChannel}s.
 *
 * <p>Threading: as {@link io.tern.transport.channel.Channel}.
 */
public interface ServerSocketChannel extends ServerChannel {
  @Override
  InetSocketAddress localAddress();

  @Override
  InetSocketAddress remoteAddress();
}

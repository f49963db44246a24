package io.tern.transport.socket;

import io.tern.transport.channel.ServerChannel;
import java.net.InetSocketAddress;

/**
 * A listening TCP socket, whatever the transport; its children are {@link SocketChannel}s.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}.
 *
 * <h2>Ownership</h2>
 *
 * <p>An accepted child belongs to the handler that receives it in {@code channelRead}.
 */
public interface ServerSocketChannel extends ServerChannel {
  @Override
  InetSocketAddress localAddress();

  @Override
  InetSocketAddress remoteAddress();
}

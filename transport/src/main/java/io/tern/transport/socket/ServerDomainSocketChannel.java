package io.tern.transport.socket;

import io.tern.transport.channel.ServerChannel;
import java.net.UnixDomainSocketAddress;

/**
 * A listening Unix domain stream socket, whatever the transport; its children are {@link
 * DomainSocketChannel}s. Binding creates the socket file; closing deletes it.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}.
 *
 * <h2>Ownership</h2>
 *
 * <p>An accepted child belongs to the handler that receives it in {@code channelRead}.
 */
public interface ServerDomainSocketChannel extends ServerChannel {
  /**
   * Returns the bound path.
   *
   * @return the address, or {@code null} if not bound
   */
  @Override
  UnixDomainSocketAddress localAddress();
}

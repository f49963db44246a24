package io.tern.transport.socket;

import io.tern.transport.channel.DuplexChannel;
import java.net.UnixDomainSocketAddress;

/**
 * A Unix domain stream socket connection, whatever the transport: a byte stream to another process
 * on the same host, named by a file-system path ({@link UnixDomainSocketAddress}). It behaves as a
 * TCP connection (half-closure, file regions) without TCP's options.
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
public interface DomainSocketChannel extends DuplexChannel {
  @Override
  ServerDomainSocketChannel parent();

  /**
   * Returns the local address.
   *
   * @return the bound path; an empty path for an unbound client, {@code null} when closed
   */
  @Override
  UnixDomainSocketAddress localAddress();

  /**
   * Returns the peer's address.
   *
   * @return the peer's path (an empty path if the peer is an unbound client), or {@code null}
   */
  @Override
  UnixDomainSocketAddress remoteAddress();
}

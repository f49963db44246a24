package io.tern.transport.nio;

import io.tern.transport.EventLoop;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.socket.ServerSocketChannel;
import io.tern.transport.socket.SocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.util.Objects;

/**
 * A TCP connection over NIO ({@link java.nio.channels.SocketChannel} on a {@link NioIoHandler}
 * loop), IPv4 or IPv6. Supports every socket option the JDK does (TCP_NODELAY, on by default;
 * SO_KEEPALIVE, SO_REUSEADDR, SO_REUSEPORT, SO_RCVBUF, SO_SNDBUF, SO_LINGER, IP_TOS, and others
 * through {@link NioChannelOption}), half-closure and zero-copy {@link FileRegion}s.
 *
 * <p>Create one per connection with {@code new NioSocketChannel(loop)} (a bootstrap does, given
 * {@code NioSocketChannel::new}); the loop's group must run {@link NioIoHandler}s.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: any thread may call it; the I/O and the handlers
 * run on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: a written message belongs to the channel, which
 * releases it once written or failed; a received buffer belongs to the handler it is passed to. The
 * channel owns its JDK socket and closes it.
 */
public class NioSocketChannel extends NioStreamChannel implements SocketChannel {
  /**
   * Creates an unconnected channel with the JDK's default protocol family.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   */
  public NioSocketChannel(EventLoop eventLoop) {
    super(null, eventLoop, open(null), null);
  }

  /**
   * Creates an unconnected channel of a protocol family.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param family {@link java.net.StandardProtocolFamily#INET} or {@code INET6}
   */
  public NioSocketChannel(EventLoop eventLoop, ProtocolFamily family) {
    super(null, eventLoop, open(Objects.requireNonNull(family, "family")), family);
  }

  /**
   * Wraps a JDK socket channel (connected or not); the channel switches it to non-blocking mode and
   * closes it when closed.
   *
   * @param parent the server that accepted it, or {@code null}
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param socket the socket
   */
  public NioSocketChannel(
      ServerSocketChannel parent, EventLoop eventLoop, java.nio.channels.SocketChannel socket) {
    super(parent, eventLoop, socket, null);
  }

  private static java.nio.channels.SocketChannel open(ProtocolFamily family) {
    try {
      return family == null
          ? java.nio.channels.SocketChannel.open()
          : java.nio.channels.SocketChannel.open(family);
    } catch (IOException e) {
      throw new ChannelException("cannot open a socket", e);
    }
  }

  @Override
  public ServerSocketChannel parent() {
    return (ServerSocketChannel) super.parent();
  }

  @Override
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) super.localAddress();
  }

  @Override
  public InetSocketAddress remoteAddress() {
    return (InetSocketAddress) super.remoteAddress();
  }
}

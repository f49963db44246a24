package io.tern.transport.nio;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.socket.ServerSocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;

/**
 * A listening TCP socket over NIO, IPv4 or IPv6; accepted connections are {@link NioSocketChannel}s
 * on loops of the child group. Options: {@code SO_BACKLOG} (default the kernel's {@code
 * somaxconn}), {@code SO_REUSEADDR} (on by default, as the JDK sets it), {@code SO_REUSEPORT},
 * {@code SO_RCVBUF} (inherited by accepted sockets) and the generic ones.
 *
 * <p>A bootstrap creates it from {@code NioServerSocketChannel::new}.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: any thread may call it; accepting and the
 * handlers run on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Owns its JDK server socket and closes it; an accepted child belongs to the handler that
 * receives it in {@code channelRead}.
 */
public class NioServerSocketChannel extends NioServerChannel implements ServerSocketChannel {
  /**
   * Creates an unbound server channel with the JDK's default protocol family.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param childGroup the group whose loops the accepted connections use (running {@link
   *     NioIoHandler}s)
   */
  public NioServerSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    this(eventLoop, childGroup, null);
  }

  /**
   * Creates an unbound server channel of a protocol family.
   *
   * @param eventLoop the channel's loop
   * @param childGroup the group whose loops the accepted connections use
   * @param family {@link java.net.StandardProtocolFamily#INET} or {@code INET6}, or {@code null}
   *     for the JDK's default
   */
  public NioServerSocketChannel(
      EventLoop eventLoop, EventLoopGroup childGroup, ProtocolFamily family) {
    super(eventLoop, childGroup, open(family), family);
  }

  private static java.nio.channels.ServerSocketChannel open(ProtocolFamily family) {
    try {
      return family == null
          ? java.nio.channels.ServerSocketChannel.open()
          : java.nio.channels.ServerSocketChannel.open(family);
    } catch (IOException e) {
      throw new ChannelException("cannot open a server socket", e);
    }
  }

  @Override
  Channel newChild(EventLoop loop, java.nio.channels.SocketChannel accepted) {
    return new NioSocketChannel(this, loop, accepted);
  }

  @Override
  public InetSocketAddress localAddress() {
    return (InetSocketAddress) super.localAddress();
  }

  @Override
  public InetSocketAddress remoteAddress() {
    return null;
  }
}

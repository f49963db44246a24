package io.tern.transport.nio;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.socket.ServerDomainSocketChannel;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * A listening Unix domain stream socket over NIO; accepted connections are {@link
 * NioDomainSocketChannel}s on loops of the child group. Binding creates the socket file (binding to
 * a path that exists fails: remove a stale file first); closing the channel deletes it. Options:
 * {@code SO_BACKLOG} (default the kernel's {@code somaxconn}), {@code SO_RCVBUF} and the generic
 * ones.
 *
 * <p>A bootstrap creates it from {@code NioServerDomainSocketChannel::new}.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: any thread may call it; accepting and the
 * handlers run on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Owns its JDK server socket and the socket file its bind created, and deletes both when it
 * closes; an accepted child belongs to the handler that receives it in {@code channelRead}.
 */
public class NioServerDomainSocketChannel extends NioServerChannel
    implements ServerDomainSocketChannel {
  /**
   * Creates an unbound server channel.
   *
   * @param eventLoop the channel's loop (running a {@link NioIoHandler})
   * @param childGroup the group whose loops the accepted connections use (running {@link
   *     NioIoHandler}s)
   */
  public NioServerDomainSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    super(eventLoop, childGroup, open(), StandardProtocolFamily.UNIX);
  }

  private static ServerSocketChannel open() {
    try {
      return ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    } catch (IOException e) {
      throw new ChannelException("cannot open a Unix domain server socket", e);
    }
  }

  @Override
  Channel newChild(EventLoop loop, SocketChannel accepted) {
    return new NioDomainSocketChannel(this, loop, accepted);
  }

  @Override
  public UnixDomainSocketAddress localAddress() {
    return (UnixDomainSocketAddress) super.localAddress();
  }
}

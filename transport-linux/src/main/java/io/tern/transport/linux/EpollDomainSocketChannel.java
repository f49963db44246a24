package io.tern.transport.linux;

import io.tern.transport.EventLoop;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.DuplexChannel;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Socket;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;

/**
 * A Unix domain stream socket over epoll ({@code AF_UNIX}, {@code SOCK_STREAM}): the same reads,
 * writes and half-closure as the TCP channel, addressed by a path ({@link
 * UnixDomainSocketAddress}). The generic socket options apply; TCP ones do not.
 *
 * <p>A bootstrap creates it from {@code EpollDomainSocketChannel::new}; the loop's group must run
 * {@link EpollIoHandler}s. Threading: as {@link io.tern.transport.channel.Channel}.
 */
public class EpollDomainSocketChannel extends EpollStreamChannel implements DuplexChannel {
  /**
   * Creates an unconnected channel.
   *
   * @param eventLoop the channel's loop (running an {@link EpollIoHandler})
   */
  public EpollDomainSocketChannel(EventLoop eventLoop) {
    super(null, eventLoop, openUnix(), false);
  }

  /** Wraps a socket a server channel accepted; the channel is active at once. */
  EpollDomainSocketChannel(ServerChannel parent, EventLoop eventLoop, Socket accepted) {
    super(parent, eventLoop, accepted, true);
  }

  static Socket openUnix() {
    try {
      return Socket.newStream(LinuxConstants.AF_UNIX);
    } catch (IOException e) {
      throw new ChannelException("cannot open a Unix socket", e);
    }
  }

  @Override
  public ServerChannel parent() {
    return (ServerChannel) super.parent();
  }

  @Override
  public UnixDomainSocketAddress localAddress() {
    return (UnixDomainSocketAddress) super.localAddress();
  }

  @Override
  public UnixDomainSocketAddress remoteAddress() {
    return (UnixDomainSocketAddress) super.remoteAddress();
  }
}

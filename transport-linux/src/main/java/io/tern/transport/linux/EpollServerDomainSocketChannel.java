package io.tern.transport.linux;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.internal.sys.Socket;
import java.net.UnixDomainSocketAddress;

/**
 * A listening Unix domain stream socket over epoll, bound to a path; accepted connections are
 * {@link EpollDomainSocketChannel}s on loops of the child group, which must run {@link
 * EpollIoHandler}s. Option: {@code SO_BACKLOG}. Closing does not remove the socket file, as with
 * the JDK's channels.
 *
 * <p>A bootstrap creates it from {@code EpollServerDomainSocketChannel::new}. Threading: as {@link
 * io.tern.transport.channel.Channel}.
 */
public class EpollServerDomainSocketChannel extends EpollServerChannel implements ServerChannel {
  /**
   * Creates an unbound server channel.
   *
   * @param eventLoop the channel's loop (running an {@link EpollIoHandler})
   * @param childGroup the group whose loops the accepted connections use
   */
  public EpollServerDomainSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    super(eventLoop, childGroup, EpollDomainSocketChannel.openUnix());
  }

  @Override
  Channel newChild(EventLoop loop, Socket accepted) {
    return new EpollDomainSocketChannel(this, loop, accepted);
  }

  @Override
  public UnixDomainSocketAddress localAddress() {
    return (UnixDomainSocketAddress) super.localAddress();
  }

  @Override
  public UnixDomainSocketAddress remoteAddress() {
    return null;
  }
}

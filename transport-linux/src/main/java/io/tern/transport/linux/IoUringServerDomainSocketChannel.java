package io.tern.transport.linux;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.internal.sys.Socket;
import java.net.UnixDomainSocketAddress;

/**
 * A listening Unix domain stream socket over io_uring, bound to a path; accepted connections are
 * {@link IoUringDomainSocketChannel}s on loops of the child group, which must run {@link
 * IoUringIoHandler}s. Option: {@code SO_BACKLOG}. Closing does not remove the socket file, as with
 * the JDK's channels.
 *
 * <p>A bootstrap creates it from {@code IoUringServerDomainSocketChannel::new}. Threading: as
 * {@link io.tern.transport.channel.Channel}.
 */
public class IoUringServerDomainSocketChannel extends IoUringServerChannel
    implements ServerChannel {
  /**
   * Creates an unbound server channel.
   *
   * @param eventLoop the channel's loop (running an {@link IoUringIoHandler})
   * @param childGroup the group whose loops the accepted connections use
   */
  public IoUringServerDomainSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    super(eventLoop, childGroup, IoUringDomainSocketChannel.openUnix());
  }

  @Override
  Channel newChild(EventLoop loop, Socket accepted) {
    return new IoUringDomainSocketChannel(this, loop, accepted);
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

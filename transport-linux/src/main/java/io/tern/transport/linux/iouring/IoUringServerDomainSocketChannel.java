package io.tern.transport.linux.iouring;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.internal.channel.StreamSockets;
import io.tern.transport.linux.internal.sys.Socket;
import java.net.UnixDomainSocketAddress;

/**
 * A listening Unix domain stream socket over io_uring, bound to a path; accepted connections are
 * {@link IoUringDomainSocketChannel}s on loops of the child group, which must run {@link
 * IoUringIoHandler}s. Option: {@code SO_BACKLOG}.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: any thread may call it; accepting and the
 * handlers run on its event loop. A bootstrap creates it from {@code
 * IoUringServerDomainSocketChannel::new}.
 *
 * <h2>Ownership</h2>
 *
 * <p>Owns its socket and closes it; closing leaves the socket file in place (remove it before
 * binding the path again). An accepted child belongs to the handler that receives it in {@code
 * channelRead}.
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
    super(eventLoop, childGroup, StreamSockets.openUnix());
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

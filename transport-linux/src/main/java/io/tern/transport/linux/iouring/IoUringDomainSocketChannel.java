package io.tern.transport.linux.iouring;

import io.tern.transport.EventLoop;
import io.tern.transport.channel.DuplexChannel;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.internal.channel.StreamSockets;
import io.tern.transport.linux.internal.sys.Socket;
import java.net.UnixDomainSocketAddress;

/**
 * A Unix domain stream socket over io_uring ({@code AF_UNIX}, {@code SOCK_STREAM}): the same reads,
 * writes and half-closure as the TCP channel, addressed by a path ({@link
 * UnixDomainSocketAddress}). The generic socket options apply; TCP ones do not.
 *
 * <p>A bootstrap creates it from {@code IoUringDomainSocketChannel::new}; the loop's group must run
 * {@link IoUringIoHandler}s.
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
 * channel owns its socket and closes it.
 */
public class IoUringDomainSocketChannel extends IoUringStreamChannel implements DuplexChannel {
  /**
   * Creates an unconnected channel.
   *
   * @param eventLoop the channel's loop (running an {@link IoUringIoHandler})
   */
  public IoUringDomainSocketChannel(EventLoop eventLoop) {
    super(null, eventLoop, StreamSockets.openUnix(), false);
  }

  /** Wraps a socket a server channel accepted; the channel is active at once. */
  IoUringDomainSocketChannel(ServerChannel parent, EventLoop eventLoop, Socket accepted) {
    super(parent, eventLoop, accepted, true);
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

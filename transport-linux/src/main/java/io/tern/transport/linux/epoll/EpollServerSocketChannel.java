package io.tern.transport.linux.epoll;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.linux.LinuxChannelOption;
import io.tern.transport.linux.internal.channel.StreamSockets;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.socket.ServerSocketChannel;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.StandardProtocolFamily;

/**
 * A listening TCP socket over epoll, IPv4 or IPv6 (dual-stack by default); accepted connections are
 * {@link EpollSocketChannel}s on loops of the child group, which must run {@link EpollIoHandler}s.
 * Options: {@code SO_BACKLOG} (default the kernel's {@code somaxconn}), {@code SO_REUSEADDR} (on by
 * default), {@code SO_REUSEPORT} (several servers on one port, the kernel spreading connections),
 * {@code SO_RCVBUF}, {@link LinuxChannelOption#TCP_FASTOPEN}.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link io.tern.transport.channel.Channel}: any thread may call it; accepting and the
 * handlers run on its event loop. Accepting is edge-triggered: when the accept loop stops at its
 * message limit with connections possibly still queued, it runs again after the loop's next {@code
 * epoll_wait}. A bootstrap creates the channel from {@code EpollServerSocketChannel::new}.
 *
 * <h2>Ownership</h2>
 *
 * <p>Owns its socket and closes it; an accepted child belongs to the handler that receives it in
 * {@code channelRead}.
 */
public class EpollServerSocketChannel extends EpollServerChannel implements ServerSocketChannel {
  /**
   * Creates an unbound server channel (dual-stack IPv6 when available, else IPv4).
   *
   * @param eventLoop the channel's loop (running an {@link EpollIoHandler})
   * @param childGroup the group whose loops the accepted connections use
   */
  public EpollServerSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup) {
    this(eventLoop, childGroup, StreamSockets.defaultTcpFamily());
  }

  /**
   * Creates an unbound server channel of a protocol family.
   *
   * @param eventLoop the channel's loop
   * @param childGroup the group whose loops the accepted connections use
   * @param family {@link StandardProtocolFamily#INET} or {@code INET6}; {@code null} for IPv4
   */
  public EpollServerSocketChannel(
      EventLoop eventLoop, EventLoopGroup childGroup, ProtocolFamily family) {
    super(eventLoop, childGroup, StreamSockets.openTcp(family));
  }

  @Override
  Channel newChild(EventLoop loop, Socket accepted) {
    return new EpollSocketChannel(this, loop, accepted);
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

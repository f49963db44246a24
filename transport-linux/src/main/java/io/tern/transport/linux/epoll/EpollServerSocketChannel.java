package io.tern.transport.linux.epoll;

import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.bootstrap.ServerChannelFactory;
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

  /** An unbound server channel on a socket opened by one of the factories below. */
  private EpollServerSocketChannel(EventLoop eventLoop, EventLoopGroup childGroup, Socket socket) {
    super(eventLoop, childGroup, socket);
  }

  /**
   * Returns a factory of Multipath TCP server channels (RFC 8684; dual-stack IPv6 when available,
   * else IPv4), for {@code ServerBootstrap.channelFactory}: the listening socket is opened with
   * {@code IPPROTO_MPTCP}. A client that speaks MPTCP gets an MPTCP connection, any other a plain
   * TCP one (the kernel falls back); {@link io.tern.transport.linux.LinuxChannelOption#MPTCP} on an
   * accepted channel reads which.
   *
   * @return the factory; each channel it creates throws a {@code ChannelException} when the kernel
   *     has no MPTCP or has it switched off ({@code sysctl net.mptcp.enabled})
   */
  public static ServerChannelFactory<EpollServerSocketChannel> mptcp() {
    return mptcp(StreamSockets.defaultTcpFamily());
  }

  /**
   * Returns a factory of Multipath TCP server channels of a protocol family (see {@link #mptcp()}).
   *
   * @param family {@link StandardProtocolFamily#INET} or {@code INET6}; {@code null} for IPv4
   * @return the factory
   */
  public static ServerChannelFactory<EpollServerSocketChannel> mptcp(ProtocolFamily family) {
    return (loop, childGroup) ->
        new EpollServerSocketChannel(loop, childGroup, StreamSockets.openMptcp(family));
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

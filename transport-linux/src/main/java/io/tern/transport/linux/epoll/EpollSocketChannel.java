package io.tern.transport.linux.epoll;

import io.tern.transport.EventLoop;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.linux.LinuxChannelOption;
import io.tern.transport.linux.internal.channel.StreamSockets;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.socket.ServerSocketChannel;
import io.tern.transport.socket.SocketChannel;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.StandardProtocolFamily;

/**
 * A TCP connection over epoll, IPv4 or IPv6, with no JNI: the socket is driven through FFM system
 * calls ({@code recv}, {@code writev}) on an {@link EpollIoHandler} loop, edge-triggered. Options:
 * the generic socket options and the {@link LinuxChannelOption}s ({@code TCP_CORK}, {@code
 * TCP_QUICKACK}, {@code TCP_FASTOPEN_CONNECT}, {@code TCP_USER_TIMEOUT}, keep-alive tuning, {@code
 * TCP_NOTSENT_LOWAT}); {@code TCP_NODELAY} is on by default. Half-closure and file regions are
 * supported.
 *
 * <p>A bootstrap creates it from {@code EpollSocketChannel::new}; the loop's group must run {@link
 * EpollIoHandler}s. Without a family the socket is IPv6 dual-stack (it also reaches IPv4 peers)
 * when the host has IPv6, else IPv4.
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
public class EpollSocketChannel extends EpollStreamChannel implements SocketChannel {
  /**
   * Creates an unconnected channel (dual-stack IPv6 when available, else IPv4).
   *
   * @param eventLoop the channel's loop (running an {@link EpollIoHandler})
   */
  public EpollSocketChannel(EventLoop eventLoop) {
    this(eventLoop, StreamSockets.defaultTcpFamily());
  }

  /**
   * Creates an unconnected channel of a protocol family.
   *
   * @param eventLoop the channel's loop (running an {@link EpollIoHandler})
   * @param family {@link StandardProtocolFamily#INET} or {@code INET6}; {@code null} for IPv4
   */
  public EpollSocketChannel(EventLoop eventLoop, ProtocolFamily family) {
    super(null, eventLoop, StreamSockets.openTcp(family), false);
  }

  /** An unconnected channel on a socket opened by one of the factories below. */
  private EpollSocketChannel(EventLoop eventLoop, Socket socket) {
    super(null, eventLoop, socket, false);
  }

  /**
   * Returns a factory of Multipath TCP channels (RFC 8684; dual-stack IPv6 when available, else
   * IPv4), for {@code Bootstrap.channelFactory}: the socket is opened with {@code IPPROTO_MPTCP},
   * and falls back to plain TCP on the same connection when the server does not speak MPTCP. {@link
   * LinuxChannelOption#MPTCP} reads which one a channel is.
   *
   * @return the factory; each channel it creates throws a {@code ChannelException} when the kernel
   *     has no MPTCP or has it switched off ({@code sysctl net.mptcp.enabled})
   */
  public static ChannelFactory<EpollSocketChannel> mptcp() {
    return mptcp(StreamSockets.defaultTcpFamily());
  }

  /**
   * Returns a factory of Multipath TCP channels of a protocol family (see {@link #mptcp()}).
   *
   * @param family {@link StandardProtocolFamily#INET} or {@code INET6}; {@code null} for IPv4
   * @return the factory
   */
  public static ChannelFactory<EpollSocketChannel> mptcp(ProtocolFamily family) {
    return loop -> new EpollSocketChannel(loop, StreamSockets.openMptcp(family));
  }

  /** Wraps a socket a server channel accepted; the channel is active at once. */
  EpollSocketChannel(ServerSocketChannel parent, EventLoop eventLoop, Socket accepted) {
    super(parent, eventLoop, accepted, true);
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

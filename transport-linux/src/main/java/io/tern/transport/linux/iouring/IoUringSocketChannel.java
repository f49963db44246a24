package io.tern.transport.linux.iouring;

import io.tern.transport.EventLoop;
import io.tern.transport.linux.LinuxChannelOption;
import io.tern.transport.linux.internal.channel.StreamSockets;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.socket.ServerSocketChannel;
import io.tern.transport.socket.SocketChannel;
import java.net.InetSocketAddress;
import java.net.ProtocolFamily;
import java.net.StandardProtocolFamily;

/**
 * A TCP connection over io_uring, IPv4 or IPv6, with no JNI: reads are a multishot receive into the
 * loop's provided buffer ring (handed to the pipeline without copying), writes one {@code SEND} or
 * {@code WRITEV} per flush, all submitted with the loop's single {@code io_uring_enter} per
 * iteration. Options: the generic socket options and the {@link LinuxChannelOption}s ({@code
 * TCP_CORK}, {@code TCP_QUICKACK}, {@code TCP_FASTOPEN_CONNECT}, {@code TCP_USER_TIMEOUT},
 * keep-alive tuning, {@code TCP_NOTSENT_LOWAT}); {@code TCP_NODELAY} is on by default. Half-closure
 * and file regions are supported.
 *
 * <p>A bootstrap creates it from {@code IoUringSocketChannel::new}; the loop's group must run
 * {@link IoUringIoHandler}s. Without a family the socket is IPv6 dual-stack (it also reaches IPv4
 * peers) when the host has IPv6, else IPv4.
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
public class IoUringSocketChannel extends IoUringStreamChannel implements SocketChannel {
  /**
   * Creates an unconnected channel (dual-stack IPv6 when available, else IPv4).
   *
   * @param eventLoop the channel's loop (running an {@link IoUringIoHandler})
   */
  public IoUringSocketChannel(EventLoop eventLoop) {
    this(eventLoop, StreamSockets.defaultTcpFamily());
  }

  /**
   * Creates an unconnected channel of a protocol family.
   *
   * @param eventLoop the channel's loop (running an {@link IoUringIoHandler})
   * @param family {@link StandardProtocolFamily#INET} or {@code INET6}; {@code null} for IPv4
   */
  public IoUringSocketChannel(EventLoop eventLoop, ProtocolFamily family) {
    super(null, eventLoop, StreamSockets.openTcp(family), false);
  }

  /** Wraps a socket a server channel accepted; the channel is active at once. */
  IoUringSocketChannel(ServerSocketChannel parent, EventLoop eventLoop, Socket accepted) {
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

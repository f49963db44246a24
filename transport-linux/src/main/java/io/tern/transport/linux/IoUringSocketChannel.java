package io.tern.transport.linux;

import io.tern.transport.EventLoop;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.ChannelOption;
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
 * iteration. Options as {@link EpollSocketChannel} ({@link LinuxChannelOption}s included); {@code
 * TCP_NODELAY} is on by default. Half-closure and file regions are supported.
 *
 * <p>A bootstrap creates it from {@code IoUringSocketChannel::new}; the loop's group must run
 * {@link IoUringIoHandler}s. Without a family the socket is IPv6 dual-stack when the host has IPv6,
 * else IPv4. Threading: as {@link io.tern.transport.channel.Channel}.
 */
public class IoUringSocketChannel extends IoUringStreamChannel implements SocketChannel {
  /**
   * Creates an unconnected channel (dual-stack IPv6 when available, else IPv4).
   *
   * @param eventLoop the channel's loop (running an {@link IoUringIoHandler})
   */
  public IoUringSocketChannel(EventLoop eventLoop) {
    this(eventLoop, Socket.isIpv6Supported() ? StandardProtocolFamily.INET6 : null);
  }

  /**
   * Creates an unconnected channel of a protocol family.
   *
   * @param eventLoop the channel's loop (running an {@link IoUringIoHandler})
   * @param family {@link StandardProtocolFamily#INET} or {@code INET6}; {@code null} for IPv4
   */
  public IoUringSocketChannel(EventLoop eventLoop, ProtocolFamily family) {
    super(null, eventLoop, EpollSocketChannel.open(family), false);
    noDelay();
  }

  /** Wraps a socket a server channel accepted; the channel is active at once. */
  IoUringSocketChannel(ServerSocketChannel parent, EventLoop eventLoop, Socket accepted) {
    super(parent, eventLoop, accepted, true);
    noDelay();
  }

  private void noDelay() {
    try {
      config.setOption(ChannelOption.TCP_NODELAY, true);
    } catch (ChannelException e) {
      // the OS default stays
    }
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

  /**
   * Returns the socket's descriptor number, for diagnostics.
   *
   * @return the fd
   */
  public int fd() {
    return socket.intValue();
  }
}

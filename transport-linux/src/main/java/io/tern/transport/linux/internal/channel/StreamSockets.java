package io.tern.transport.linux.internal.channel;

import io.tern.transport.channel.ChannelException;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Socket;
import java.io.IOException;
import java.net.ProtocolFamily;
import java.net.StandardProtocolFamily;

/**
 * Opens the stream sockets of the epoll and io_uring channels by address family: TCP over IPv4 or
 * IPv6, or Unix domain. Any thread.
 */
public final class StreamSockets {
  private StreamSockets() {}

  /**
   * Returns the family of a TCP channel created without one: IPv6 (dual-stack, it also reaches IPv4
   * peers) when the host has IPv6, else IPv4.
   *
   * @return {@code INET6}, or {@code null} for IPv4
   */
  public static ProtocolFamily defaultTcpFamily() {
    return Socket.isIpv6Supported() ? StandardProtocolFamily.INET6 : null;
  }

  /**
   * Opens a TCP socket.
   *
   * @param family {@code INET} or {@code INET6}; {@code null} for IPv4
   * @return the socket
   * @throws IllegalArgumentException for {@code UNIX} (a domain socket channel opens that)
   * @throws ChannelException if the socket cannot be opened
   */
  public static Socket openTcp(ProtocolFamily family) {
    if (family == StandardProtocolFamily.UNIX) {
      throw new IllegalArgumentException("a TCP channel; use the domain socket channel for UNIX");
    }
    int af =
        family == StandardProtocolFamily.INET6 ? LinuxConstants.AF_INET6 : LinuxConstants.AF_INET;
    try {
      return Socket.newStream(af);
    } catch (IOException e) {
      throw new ChannelException("cannot open a socket", e);
    }
  }

  /**
   * Opens a Multipath TCP socket ({@code IPPROTO_MPTCP}): to a peer without MPTCP it falls back to
   * plain TCP on the same connection.
   *
   * @param family {@code INET} or {@code INET6}; {@code null} for IPv4
   * @return the socket
   * @throws IllegalArgumentException for {@code UNIX}
   * @throws ChannelException if the kernel has no MPTCP or has it switched off
   */
  public static Socket openMptcp(ProtocolFamily family) {
    if (family == StandardProtocolFamily.UNIX) {
      throw new IllegalArgumentException("Multipath TCP runs over IPv4 or IPv6, not UNIX");
    }
    int af =
        family == StandardProtocolFamily.INET6 ? LinuxConstants.AF_INET6 : LinuxConstants.AF_INET;
    try {
      return Socket.newStream(af, LinuxConstants.IPPROTO_MPTCP);
    } catch (IOException e) {
      throw new ChannelException(
          "cannot open a Multipath TCP socket (needs Linux 5.6+ built with CONFIG_MPTCP and"
              + " sysctl net.mptcp.enabled=1)",
          e);
    }
  }

  /**
   * Opens a Unix domain stream socket.
   *
   * @return the socket
   * @throws ChannelException if the socket cannot be opened
   */
  public static Socket openUnix() {
    try {
      return Socket.newStream(LinuxConstants.AF_UNIX);
    } catch (IOException e) {
      throw new ChannelException("cannot open a Unix socket", e);
    }
  }
}

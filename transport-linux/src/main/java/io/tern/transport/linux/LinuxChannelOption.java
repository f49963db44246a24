package io.tern.transport.linux;

import io.tern.transport.channel.ChannelOption;

/**
 * Socket options of Linux that the JDK does not expose, understood by the epoll and io_uring
 * channels (besides the generic {@link ChannelOption}s such as {@code TCP_NODELAY}, {@code
 * SO_REUSEPORT}, {@code SO_KEEPALIVE}, {@code SO_LINGER}, {@code SO_RCVBUF}, {@code SO_SNDBUF},
 * {@code IP_TOS}, {@code SO_BACKLOG}).
 *
 * <p>Set them like any option ({@code bootstrap.option(LinuxChannelOption.TCP_CORK, true)}); an
 * option the socket does not take (a TCP option on a Unix socket) fails with a {@code
 * ChannelException}.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable constants; thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class LinuxChannelOption {
  /**
   * {@code TCP_CORK}: hold partial frames until uncorked or 200 ms passed, so headers and body go
   * out in full segments.
   */
  public static final ChannelOption<Boolean> TCP_CORK =
      ChannelOption.valueOf("TCP_CORK", Boolean.class);

  /** {@code TCP_QUICKACK}: acknowledge at once instead of delaying (not sticky in the kernel). */
  public static final ChannelOption<Boolean> TCP_QUICKACK =
      ChannelOption.valueOf("TCP_QUICKACK", Boolean.class);

  /**
   * {@code TCP_FASTOPEN} on a listening socket: the length of the queue of TFO requests (0 turns it
   * off).
   */
  public static final ChannelOption<Integer> TCP_FASTOPEN =
      ChannelOption.valueOf("TCP_FASTOPEN", Integer.class);

  /**
   * {@code TCP_FASTOPEN_CONNECT} on a client: send the first data with the SYN when a cookie is
   * cached.
   */
  public static final ChannelOption<Boolean> TCP_FASTOPEN_CONNECT =
      ChannelOption.valueOf("TCP_FASTOPEN_CONNECT", Boolean.class);

  /**
   * {@code TCP_USER_TIMEOUT}: milliseconds transmitted data may stay unacknowledged before the
   * connection is dropped (0: the system default).
   */
  public static final ChannelOption<Integer> TCP_USER_TIMEOUT =
      ChannelOption.valueOf("TCP_USER_TIMEOUT", Integer.class);

  /** {@code TCP_KEEPIDLE}: idle seconds before keep-alive probes start. */
  public static final ChannelOption<Integer> TCP_KEEPIDLE =
      ChannelOption.valueOf("TCP_KEEPIDLE", Integer.class);

  /** {@code TCP_KEEPINTVL}: seconds between keep-alive probes. */
  public static final ChannelOption<Integer> TCP_KEEPINTVL =
      ChannelOption.valueOf("TCP_KEEPINTVL", Integer.class);

  /** {@code TCP_KEEPCNT}: unanswered probes before the connection is dropped. */
  public static final ChannelOption<Integer> TCP_KEEPCNT =
      ChannelOption.valueOf("TCP_KEEPCNT", Integer.class);

  /** {@code TCP_NOTSENT_LOWAT}: unsent bytes below which the socket reports writable. */
  public static final ChannelOption<Integer> TCP_NOTSENT_LOWAT =
      ChannelOption.valueOf("TCP_NOTSENT_LOWAT", Integer.class);

  /**
   * Multipath TCP (RFC 8684): whether the socket is an MPTCP socket ({@code SO_PROTOCOL} is {@code
   * IPPROTO_MPTCP}). An accepted connection reports {@code true} only when the peer spoke MPTCP
   * too; otherwise the kernel fell back to plain TCP and it reports {@code false}.
   *
   * <p>Read-only: the kernel chooses the protocol when the socket is opened ({@code socket(2)}'s
   * third argument), so an MPTCP channel is created as one: {@code EpollSocketChannel.mptcp()},
   * {@code EpollServerSocketChannel.mptcp()}, the {@code IoUring…} twins, or {@code
   * SocketTransport.withMptcp()}. Setting it to the value the socket has is accepted (so a
   * bootstrap's option list may state it); setting the other value fails with a {@code
   * ChannelException} naming those factories. The JDK's NIO opens plain TCP sockets only.
   */
  public static final ChannelOption<Boolean> MPTCP = ChannelOption.valueOf("MPTCP", Boolean.class);

  private LinuxChannelOption() {}
}

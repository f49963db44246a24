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

  private LinuxChannelOption() {}
}

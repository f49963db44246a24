package io.tern.transport.linux.internal.channel;

import static io.tern.transport.linux.internal.sys.LinuxConstants.IPPROTO_IP;
import static io.tern.transport.linux.internal.sys.LinuxConstants.IPPROTO_IPV6;
import static io.tern.transport.linux.internal.sys.LinuxConstants.IPPROTO_TCP;
import static io.tern.transport.linux.internal.sys.LinuxConstants.SOL_SOCKET;

import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.linux.LinuxChannelOption;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.spi.AbstractChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The configuration of an epoll or io_uring socket channel: the generic options plus socket options
 * read and written straight through {@code getsockopt}/{@code setsockopt} (so the kernel is the
 * single source of truth), the {@link LinuxChannelOption}s, and {@code SO_BACKLOG} for a listening
 * socket. Which options apply follows the socket's kind (stream, listening, datagram) and address
 * family (TCP options on an Internet socket only); the factories set the defaults those differ in.
 * Any thread may read and change options.
 */
public final class LinuxSocketConfig extends DefaultChannelConfig {
  /** The default backlog: {@code /proc/sys/net/core/somaxconn}, else 128. */
  public static final int DEFAULT_BACKLOG = somaxconn();

  private static final ChannelOption<?>[] STREAM_OPTIONS = {
    ChannelOption.TCP_NODELAY,
    ChannelOption.SO_KEEPALIVE,
    ChannelOption.SO_REUSEADDR,
    ChannelOption.SO_REUSEPORT,
    ChannelOption.SO_RCVBUF,
    ChannelOption.SO_SNDBUF,
    ChannelOption.SO_LINGER,
    ChannelOption.IP_TOS,
    LinuxChannelOption.TCP_CORK,
    LinuxChannelOption.TCP_QUICKACK,
    LinuxChannelOption.TCP_FASTOPEN_CONNECT,
    LinuxChannelOption.TCP_USER_TIMEOUT,
    LinuxChannelOption.TCP_KEEPIDLE,
    LinuxChannelOption.TCP_KEEPINTVL,
    LinuxChannelOption.TCP_KEEPCNT,
    LinuxChannelOption.TCP_NOTSENT_LOWAT,
    LinuxChannelOption.MPTCP
  };

  private static final ChannelOption<?>[] SERVER_OPTIONS = {
    ChannelOption.SO_BACKLOG,
    ChannelOption.SO_REUSEADDR,
    ChannelOption.SO_REUSEPORT,
    ChannelOption.SO_RCVBUF,
    LinuxChannelOption.TCP_FASTOPEN,
    LinuxChannelOption.MPTCP
  };

  private static final ChannelOption<?>[] DATAGRAM_OPTIONS = {
    ChannelOption.SO_BROADCAST,
    ChannelOption.SO_REUSEADDR,
    ChannelOption.SO_REUSEPORT,
    ChannelOption.SO_RCVBUF,
    ChannelOption.SO_SNDBUF,
    ChannelOption.IP_TOS,
    ChannelOption.IP_MULTICAST_TTL,
    ChannelOption.IP_MULTICAST_LOOP_DISABLED,
    ChannelOption.IP_MULTICAST_IF
  };

  /** What kind of socket: its options differ. */
  private enum Kind {
    STREAM,
    SERVER,
    DATAGRAM
  }

  private final Socket socket;
  private final Kind kind;
  private final boolean server;
  private volatile int backlog = DEFAULT_BACKLOG;
  // IP_MULTICAST_IF is set by interface index; IPv4 reads back an address, so the set value is kept
  private volatile NetworkInterface multicastInterface;

  private LinuxSocketConfig(AbstractChannel channel, Socket socket, Kind kind) {
    super(channel);
    this.socket = socket;
    this.kind = kind;
    this.server = kind == Kind.SERVER;
  }

  /**
   * Returns the configuration of a connected (or connecting) stream socket; a TCP socket gets
   * {@code TCP_NODELAY} on, where the OS takes it.
   *
   * @param channel the channel
   * @param socket its socket
   * @return the configuration
   */
  public static LinuxSocketConfig forStream(AbstractChannel channel, Socket socket) {
    LinuxSocketConfig config = new LinuxSocketConfig(channel, socket, Kind.STREAM);
    if (socket.family() != LinuxConstants.AF_UNIX) {
      try {
        config.setOption(ChannelOption.TCP_NODELAY, true);
      } catch (ChannelException e) {
        // the OS default stays
      }
    }
    return config;
  }

  /**
   * Returns the configuration of a listening socket; a TCP one gets {@code SO_REUSEADDR} on.
   *
   * @param channel the channel
   * @param socket its socket
   * @return the configuration
   */
  public static LinuxSocketConfig forServer(AbstractChannel channel, Socket socket) {
    LinuxSocketConfig config = new LinuxSocketConfig(channel, socket, Kind.SERVER);
    if (socket.family() != LinuxConstants.AF_UNIX) {
      config.setOption(ChannelOption.SO_REUSEADDR, true);
    }
    return config;
  }

  /**
   * Returns the configuration of a UDP socket.
   *
   * @param channel the channel
   * @param socket its socket
   * @return the configuration
   */
  public static LinuxSocketConfig forDatagram(AbstractChannel channel, Socket socket) {
    return new LinuxSocketConfig(channel, socket, Kind.DATAGRAM);
  }

  private static int somaxconn() {
    // Not Files.readString: procfs reports a size of 0, so a sized read may stop after the first
    // bytes ("4" of "4096"), and a backlog of 4 drops the handshakes of a burst of connections. A
    // reader reads to the end.
    try (BufferedReader r = Files.newBufferedReader(Path.of("/proc/sys/net/core/somaxconn"))) {
      String line = r.readLine();
      return line == null ? 128 : Integer.parseInt(line.trim());
    } catch (IOException | RuntimeException e) {
      return 128;
    }
  }

  /**
   * Returns the backlog a listening socket listens with ({@code SO_BACKLOG}).
   *
   * @return the backlog
   */
  public int backlog() {
    return backlog;
  }

  /**
   * Where an option lives: {@code level}/{@code name}, or {@code null} if not a socket option of
   * this kind of socket (TCP options on a UDP socket, multicast options on a TCP one).
   */
  private int[] locate(ChannelOption<?> option) {
    int[] where = locateAny(option);
    if (where == null) {
      return null;
    }
    boolean datagramOnly =
        option == ChannelOption.SO_BROADCAST
            || option == ChannelOption.IP_MULTICAST_TTL
            || option == ChannelOption.IP_MULTICAST_LOOP_DISABLED;
    if (kind == Kind.DATAGRAM ? where[0] == IPPROTO_TCP : datagramOnly) {
      return null;
    }
    return where;
  }

  private int[] locateAny(ChannelOption<?> option) {
    boolean inet = socket.family() != LinuxConstants.AF_UNIX;
    if (option == ChannelOption.SO_KEEPALIVE) {
      return new int[] {SOL_SOCKET, LinuxConstants.SO_KEEPALIVE};
    } else if (option == ChannelOption.SO_REUSEADDR) {
      return new int[] {SOL_SOCKET, LinuxConstants.SO_REUSEADDR};
    } else if (option == ChannelOption.SO_REUSEPORT) {
      return new int[] {SOL_SOCKET, LinuxConstants.SO_REUSEPORT};
    } else if (option == ChannelOption.SO_RCVBUF) {
      return new int[] {SOL_SOCKET, LinuxConstants.SO_RCVBUF};
    } else if (option == ChannelOption.SO_SNDBUF) {
      return new int[] {SOL_SOCKET, LinuxConstants.SO_SNDBUF};
    } else if (option == ChannelOption.SO_BROADCAST) {
      return new int[] {SOL_SOCKET, LinuxConstants.SO_BROADCAST};
    } else if (!inet) {
      return null;
    } else if (option == ChannelOption.IP_TOS) {
      return socket.family() == LinuxConstants.AF_INET6
          ? new int[] {IPPROTO_IPV6, LinuxConstants.IPV6_TCLASS}
          : new int[] {IPPROTO_IP, LinuxConstants.IP_TOS};
    } else if (option == ChannelOption.IP_MULTICAST_TTL) {
      return socket.family() == LinuxConstants.AF_INET6
          ? new int[] {IPPROTO_IPV6, LinuxConstants.IPV6_MULTICAST_HOPS}
          : new int[] {IPPROTO_IP, LinuxConstants.IP_MULTICAST_TTL};
    } else if (option == ChannelOption.IP_MULTICAST_LOOP_DISABLED) { // inverted on the way
      return socket.family() == LinuxConstants.AF_INET6
          ? new int[] {IPPROTO_IPV6, LinuxConstants.IPV6_MULTICAST_LOOP}
          : new int[] {IPPROTO_IP, LinuxConstants.IP_MULTICAST_LOOP};
    } else if (option == ChannelOption.TCP_NODELAY) {
      return new int[] {IPPROTO_TCP, LinuxConstants.TCP_NODELAY};
    } else if (option == LinuxChannelOption.TCP_CORK) {
      return new int[] {IPPROTO_TCP, LinuxConstants.TCP_CORK};
    } else if (option == LinuxChannelOption.TCP_QUICKACK) {
      return new int[] {IPPROTO_TCP, LinuxConstants.TCP_QUICKACK};
    } else if (option == LinuxChannelOption.TCP_FASTOPEN) {
      return new int[] {IPPROTO_TCP, LinuxConstants.TCP_FASTOPEN};
    } else if (option == LinuxChannelOption.TCP_FASTOPEN_CONNECT) {
      return new int[] {IPPROTO_TCP, LinuxConstants.TCP_FASTOPEN_CONNECT};
    } else if (option == LinuxChannelOption.TCP_USER_TIMEOUT) {
      return new int[] {IPPROTO_TCP, LinuxConstants.TCP_USER_TIMEOUT};
    } else if (option == LinuxChannelOption.TCP_KEEPIDLE) {
      return new int[] {IPPROTO_TCP, LinuxConstants.TCP_KEEPIDLE};
    } else if (option == LinuxChannelOption.TCP_KEEPINTVL) {
      return new int[] {IPPROTO_TCP, LinuxConstants.TCP_KEEPINTVL};
    } else if (option == LinuxChannelOption.TCP_KEEPCNT) {
      return new int[] {IPPROTO_TCP, LinuxConstants.TCP_KEEPCNT};
    } else if (option == LinuxChannelOption.TCP_NOTSENT_LOWAT) {
      return new int[] {IPPROTO_TCP, LinuxConstants.TCP_NOTSENT_LOWAT};
    }
    return null;
  }

  @Override
  public <T> T getOption(ChannelOption<T> option) {
    if (server && option == ChannelOption.SO_BACKLOG) {
      return option.type().cast(backlog);
    }
    try {
      if (option == LinuxChannelOption.MPTCP) {
        return option.type().cast(isMptcp());
      }
      if (option == ChannelOption.SO_LINGER) {
        return option.type().cast(socket.linger());
      }
      if (option == ChannelOption.IP_MULTICAST_IF) {
        return kind == Kind.DATAGRAM ? option.type().cast(multicastInterface) : null;
      }
      int[] where = locate(option);
      if (where != null) {
        int value = socket.intOption(where[0], where[1]);
        if (option == ChannelOption.IP_MULTICAST_LOOP_DISABLED) {
          value = value == 0 ? 1 : 0;
        }
        return option.type() == Boolean.class
            ? option.type().cast(value != 0)
            : option.type().cast(value);
      }
    } catch (IOException e) {
      throw new ChannelException("cannot read " + option, e);
    }
    return super.getOption(option);
  }

  @Override
  public <T> boolean setOption(ChannelOption<T> option, T value) {
    option.validate(value);
    if (server && option == ChannelOption.SO_BACKLOG) {
      backlog = atLeast(option, (Integer) value, 0);
      return true;
    }
    try {
      if (option == LinuxChannelOption.MPTCP) {
        if (!value.equals(isMptcp())) {
          throw new ChannelException(
              "MPTCP is chosen when the socket is opened: create the channel with"
                  + " EpollSocketChannel.mptcp(), IoUringSocketChannel.mptcp() (and their server"
                  + " twins) or SocketTransport.withMptcp()");
        }
        return true;
      }
      if (option == ChannelOption.SO_LINGER) {
        socket.setLinger((Integer) value);
        return true;
      }
      if (option == ChannelOption.IP_MULTICAST_IF) {
        if (kind != Kind.DATAGRAM) {
          return false;
        }
        setMulticastInterface((NetworkInterface) value);
        return true;
      }
      int[] where = locate(option);
      if (where != null) {
        int v = value instanceof Boolean b ? (b ? 1 : 0) : (Integer) value;
        if (option == ChannelOption.IP_MULTICAST_LOOP_DISABLED) {
          v = v == 0 ? 1 : 0;
        }
        socket.setIntOption(where[0], where[1], v);
        return true;
      }
    } catch (IOException e) {
      throw new ChannelException("cannot set " + option + " to " + value, e);
    }
    return super.setOption(option, value);
  }

  /** Whether the socket's protocol is Multipath TCP (never for Unix or UDP sockets). */
  private boolean isMptcp() throws IOException {
    if (kind == Kind.DATAGRAM || socket.family() == LinuxConstants.AF_UNIX) {
      return false;
    }
    return socket.intOption(SOL_SOCKET, LinuxConstants.SO_PROTOCOL) == LinuxConstants.IPPROTO_MPTCP;
  }

  /** {@code IP_MULTICAST_IF} ({@code struct ip_mreqn} by index) or {@code IPV6_MULTICAST_IF}. */
  private void setMulticastInterface(NetworkInterface ni) throws IOException {
    int index = ni == null ? 0 : ni.getIndex();
    if (socket.family() == LinuxConstants.AF_INET6) {
      socket.setIntOption(IPPROTO_IPV6, LinuxConstants.IPV6_MULTICAST_IF, index);
    } else {
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment mreqn = arena.allocate(12); // multiaddr 0, address 0, ifindex
        mreqn.set(ValueLayout.JAVA_INT, 8, index);
        socket.setOption(IPPROTO_IP, LinuxConstants.IP_MULTICAST_IF, mreqn, 12);
      }
    }
    multicastInterface = ni;
  }

  @Override
  public Map<ChannelOption<?>, Object> getOptions() {
    Map<ChannelOption<?>, Object> options = super.getOptions();
    ChannelOption<?>[] own =
        switch (kind) {
          case STREAM -> STREAM_OPTIONS;
          case SERVER -> SERVER_OPTIONS;
          case DATAGRAM -> DATAGRAM_OPTIONS;
        };
    for (ChannelOption<?> o : own) {
      try {
        Object value = getOption(o);
        if (value != null) {
          options.put(o, value);
        }
      } catch (ChannelException e) {
        // not taken by this socket (a TCP option on a Unix socket, an unsupported kernel)
      }
    }
    return options;
  }
}

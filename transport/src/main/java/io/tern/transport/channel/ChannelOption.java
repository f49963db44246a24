package io.tern.transport.channel;

import io.tern.buffer.ByteBufAllocator;
import java.net.NetworkInterface;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A typed channel setting, read and changed through {@link ChannelConfig#getOption} and {@link
 * ChannelConfig#setOption} or given to a bootstrap. Options are pooled by name, so they compare by
 * identity; a transport adds its own with {@link #valueOf(String, Class)}.
 *
 * <p>Which options a channel supports depends on its transport (see {@code docs/channels.md} for
 * the table and the defaults); setting an unsupported one returns {@code false}.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable and thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param <T> the value type
 */
public final class ChannelOption<T> {
  private static final ConcurrentMap<String, ChannelOption<?>> POOL = new ConcurrentHashMap<>();

  /** The buffer allocator for reads and for handlers ({@code ctx.alloc()}). */
  public static final ChannelOption<ByteBufAllocator> ALLOCATOR =
      valueOf("ALLOCATOR", ByteBufAllocator.class);

  /** Sizes the buffers of the read loop and bounds it; default an adaptive allocator. */
  public static final ChannelOption<RecvByteBufAllocator> RCVBUF_ALLOCATOR =
      valueOf("RCVBUF_ALLOCATOR", RecvByteBufAllocator.class);

  /** At most this many messages (buffers, accepted children) per read loop; default 16. */
  public static final ChannelOption<Integer> MAX_MESSAGES_PER_READ =
      valueOf("MAX_MESSAGES_PER_READ", Integer.class);

  /** At most this many write calls per flush before yielding to other channels; default 16. */
  public static final ChannelOption<Integer> WRITE_SPIN_COUNT =
      valueOf("WRITE_SPIN_COUNT", Integer.class);

  /** The pending-write thresholds of {@link Channel#isWritable()}; default 32 KiB / 64 KiB. */
  public static final ChannelOption<WriteBufferWaterMark> WRITE_BUFFER_WATER_MARK =
      valueOf("WRITE_BUFFER_WATER_MARK", WriteBufferWaterMark.class);

  /** How long a connect may take before it fails, in milliseconds (0: no limit); default 30000. */
  public static final ChannelOption<Integer> CONNECT_TIMEOUT_MILLIS =
      valueOf("CONNECT_TIMEOUT_MILLIS", Integer.class);

  /** Whether the channel reads on its own, without {@link Channel#read()}; default true. */
  public static final ChannelOption<Boolean> AUTO_READ = valueOf("AUTO_READ", Boolean.class);

  /** Whether a failed write closes the channel; default true. */
  public static final ChannelOption<Boolean> AUTO_CLOSE = valueOf("AUTO_CLOSE", Boolean.class);

  /**
   * Whether the end of the peer's output only shuts this channel's input down (firing {@link
   * ChannelInputShutdownEvent}) instead of closing it; default false.
   */
  public static final ChannelOption<Boolean> ALLOW_HALF_CLOSURE =
      valueOf("ALLOW_HALF_CLOSURE", Boolean.class);

  /** {@code TCP_NODELAY}: disables Nagle's algorithm; default true (as Netty). */
  public static final ChannelOption<Boolean> TCP_NODELAY = valueOf("TCP_NODELAY", Boolean.class);

  /** {@code SO_KEEPALIVE}: TCP keep-alive probes; OS default (off). */
  public static final ChannelOption<Boolean> SO_KEEPALIVE = valueOf("SO_KEEPALIVE", Boolean.class);

  /** {@code SO_REUSEADDR}: bind to an address in TIME_WAIT; default true for server sockets. */
  public static final ChannelOption<Boolean> SO_REUSEADDR = valueOf("SO_REUSEADDR", Boolean.class);

  /** {@code SO_REUSEPORT}: several sockets bound to one port share its load; where supported. */
  public static final ChannelOption<Boolean> SO_REUSEPORT = valueOf("SO_REUSEPORT", Boolean.class);

  /** {@code SO_RCVBUF}: the kernel receive buffer size in bytes; OS default. */
  public static final ChannelOption<Integer> SO_RCVBUF = valueOf("SO_RCVBUF", Integer.class);

  /** {@code SO_SNDBUF}: the kernel send buffer size in bytes; OS default. */
  public static final ChannelOption<Integer> SO_SNDBUF = valueOf("SO_SNDBUF", Integer.class);

  /** {@code SO_LINGER}: seconds to linger on close with unsent data (-1: off); OS default. */
  public static final ChannelOption<Integer> SO_LINGER = valueOf("SO_LINGER", Integer.class);

  /** The accept backlog of a server socket; default 128 (capped by the OS's somaxconn). */
  public static final ChannelOption<Integer> SO_BACKLOG = valueOf("SO_BACKLOG", Integer.class);

  /** {@code IP_TOS}: the type-of-service / traffic-class byte; OS default. */
  public static final ChannelOption<Integer> IP_TOS = valueOf("IP_TOS", Integer.class);

  /** {@code SO_BROADCAST}: allow sending datagrams to broadcast addresses. */
  public static final ChannelOption<Boolean> SO_BROADCAST = valueOf("SO_BROADCAST", Boolean.class);

  /** {@code IP_MULTICAST_IF}: the interface for outgoing multicast datagrams. */
  public static final ChannelOption<NetworkInterface> IP_MULTICAST_IF =
      valueOf("IP_MULTICAST_IF", NetworkInterface.class);

  /** {@code IP_MULTICAST_TTL}: the time-to-live of outgoing multicast datagrams. */
  public static final ChannelOption<Integer> IP_MULTICAST_TTL =
      valueOf("IP_MULTICAST_TTL", Integer.class);

  /** The inverse of {@code IP_MULTICAST_LOOP}: {@code true} stops multicast loopback. */
  public static final ChannelOption<Boolean> IP_MULTICAST_LOOP_DISABLED =
      valueOf("IP_MULTICAST_LOOP_DISABLED", Boolean.class);

  private final String name;
  private final Class<T> type;

  private ChannelOption(String name, Class<T> type) {
    this.name = name;
    this.type = type;
  }

  /**
   * Returns the option with this name, creating it on first use.
   *
   * @param <T> the value type
   * @param name the option's name
   * @param type the value type
   * @return the pooled option
   * @throws IllegalArgumentException if the name exists with another value type
   */
  @SuppressWarnings("unchecked")
  public static <T> ChannelOption<T> valueOf(String name, Class<T> type) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    ChannelOption<?> option = POOL.computeIfAbsent(name, n -> new ChannelOption<>(n, type));
    if (option.type != type) {
      throw new IllegalArgumentException(
          "option " + name + " exists with type " + option.type.getName());
    }
    return (ChannelOption<T>) option;
  }

  /**
   * Returns the name.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * Returns the value type.
   *
   * @return the class of the values
   */
  public Class<T> type() {
    return type;
  }

  /**
   * Checks that {@code value} fits this option.
   *
   * @param value the value
   * @return {@code value}
   * @throws NullPointerException if {@code value} is {@code null}
   * @throws ClassCastException if {@code value} is not of {@link #type()} (heap pollution)
   */
  public T validate(T value) {
    Objects.requireNonNull(value, name);
    return type.cast(value);
  }

  @Override
  public String toString() {
    return name;
  }
}

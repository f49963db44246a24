package io.tern.transport.nio;

import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.ChannelOption;
import java.io.IOException;
import java.net.SocketOption;
import java.net.StandardSocketOptions;
import java.nio.channels.NetworkChannel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Maps {@link ChannelOption}s to the JDK's {@link SocketOption}s for the NIO channels, and exposes
 * any other JDK socket option (for example {@code jdk.net.ExtendedSocketOptions.TCP_KEEPIDLE}) as a
 * channel option with {@link #of(SocketOption)}.
 *
 * <h2>Threading</h2>
 *
 * <p>Thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class NioChannelOption {
  private static final Map<ChannelOption<?>, SocketOption<?>> MAPPED = new ConcurrentHashMap<>();

  static {
    MAPPED.put(ChannelOption.TCP_NODELAY, StandardSocketOptions.TCP_NODELAY);
    MAPPED.put(ChannelOption.SO_KEEPALIVE, StandardSocketOptions.SO_KEEPALIVE);
    MAPPED.put(ChannelOption.SO_REUSEADDR, StandardSocketOptions.SO_REUSEADDR);
    MAPPED.put(ChannelOption.SO_REUSEPORT, StandardSocketOptions.SO_REUSEPORT);
    MAPPED.put(ChannelOption.SO_RCVBUF, StandardSocketOptions.SO_RCVBUF);
    MAPPED.put(ChannelOption.SO_SNDBUF, StandardSocketOptions.SO_SNDBUF);
    MAPPED.put(ChannelOption.SO_LINGER, StandardSocketOptions.SO_LINGER);
    MAPPED.put(ChannelOption.IP_TOS, StandardSocketOptions.IP_TOS);
    MAPPED.put(ChannelOption.SO_BROADCAST, StandardSocketOptions.SO_BROADCAST);
    MAPPED.put(ChannelOption.IP_MULTICAST_IF, StandardSocketOptions.IP_MULTICAST_IF);
    MAPPED.put(ChannelOption.IP_MULTICAST_TTL, StandardSocketOptions.IP_MULTICAST_TTL);
  }

  private NioChannelOption() {}

  /**
   * Returns a channel option that sets the JDK socket option directly on NIO channels (other
   * transports do not support it).
   *
   * @param <T> the value type
   * @param option the JDK option
   * @return the channel option, named {@code "nio:" + option.name()}
   */
  public static <T> ChannelOption<T> of(SocketOption<T> option) {
    ChannelOption<T> channelOption = ChannelOption.valueOf("nio:" + option.name(), option.type());
    MAPPED.putIfAbsent(channelOption, option);
    return channelOption;
  }

  /** The JDK option behind {@code option} if {@code channel} supports it, else {@code null}. */
  @SuppressWarnings("unchecked")
  static <T> SocketOption<T> socketOption(NetworkChannel channel, ChannelOption<T> option) {
    SocketOption<?> so = MAPPED.get(option);
    if (so == null || !channel.supportedOptions().contains(so)) {
      return null;
    }
    return (SocketOption<T>) so;
  }

  /** Reads a mapped option; {@code null} if unsupported. */
  static <T> T get(NetworkChannel channel, ChannelOption<T> option) {
    if (option == ChannelOption.IP_MULTICAST_LOOP_DISABLED) {
      Boolean loop = getSocketOption(channel, StandardSocketOptions.IP_MULTICAST_LOOP);
      return loop == null ? null : option.type().cast(!loop);
    }
    SocketOption<T> so = socketOption(channel, option);
    return so == null ? null : getSocketOption(channel, so);
  }

  private static <T> T getSocketOption(NetworkChannel channel, SocketOption<T> so) {
    if (!channel.supportedOptions().contains(so)) {
      return null;
    }
    try {
      return channel.getOption(so);
    } catch (IOException e) {
      throw new ChannelException("cannot read " + so.name(), e);
    }
  }

  /** Sets a mapped option; {@code false} if unsupported. */
  static <T> boolean set(NetworkChannel channel, ChannelOption<T> option, T value) {
    if (option == ChannelOption.IP_MULTICAST_LOOP_DISABLED) {
      return setSocketOption(channel, StandardSocketOptions.IP_MULTICAST_LOOP, !(Boolean) value);
    }
    SocketOption<T> so = socketOption(channel, option);
    return so != null && setSocketOption(channel, so, value);
  }

  private static <T> boolean setSocketOption(NetworkChannel channel, SocketOption<T> so, T value) {
    if (!channel.supportedOptions().contains(so)) {
      return false;
    }
    try {
      channel.setOption(so, value);
      return true;
    } catch (IOException | IllegalArgumentException e) {
      throw new ChannelException("cannot set " + so.name() + " to " + value, e);
    }
  }

  /** The mapped options {@code channel} supports, for {@code getOptions()}. */
  static ChannelOption<?>[] supported(NetworkChannel channel) {
    return MAPPED.entrySet().stream()
        .filter(e -> channel.supportedOptions().contains(e.getValue()))
        .map(Map.Entry::getKey)
        .sorted(java.util.Comparator.comparing(ChannelOption::name))
        .toArray(ChannelOption<?>[]::new);
  }
}

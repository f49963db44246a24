package io.tern.transport.bootstrap;

import io.tern.common.AttributeKey;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelOption;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link Bootstrap} and {@link ServerBootstrap} share: the event loop group, options,
 * attributes and handler of the channel they create, and {@link #bind}.
 *
 * <h2>Threading</h2>
 *
 * <p>Configure a bootstrap on one thread; once configured, {@code bind}/{@code connect} may be
 * called from any thread, any number of times (each call copies the configuration).
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the channels it creates belong to the caller, who closes
 * them.
 *
 * @param <B> the bootstrap type, for chaining
 * @param <C> the type of channel it creates
 */
public abstract class AbstractBootstrap<B extends AbstractBootstrap<B, C>, C extends Channel> {
  private static final System.Logger LOGGER = System.getLogger(AbstractBootstrap.class.getName());

  private EventLoopGroup group;
  private final Map<ChannelOption<?>, Object> options = new LinkedHashMap<>();
  private final Map<AttributeKey<?>, Object> attrs = new LinkedHashMap<>();
  private ChannelHandler handler;
  private SocketAddress localAddress;

  AbstractBootstrap() {}

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /**
   * Sets the group whose loops the channels run on.
   *
   * @param group the group
   * @return this bootstrap
   */
  public B group(EventLoopGroup group) {
    this.group = Objects.requireNonNull(group, "group");
    return self();
  }

  /**
   * Returns the group.
   *
   * @return the group, or {@code null} if not set
   */
  public final EventLoopGroup group() {
    return group;
  }

  /**
   * Sets an option of the created channel; {@code null} removes it. An option the channel does not
   * support is logged at WARNING and ignored.
   *
   * @param <T> the value type
   * @param option the option
   * @param value the value, or {@code null}
   * @return this bootstrap
   */
  public final <T> B option(ChannelOption<T> option, T value) {
    put(options, option, value);
    return self();
  }

  /**
   * Sets an attribute of the created channel; {@code null} removes it.
   *
   * @param <T> the value type
   * @param key the key
   * @param value the value, or {@code null}
   * @return this bootstrap
   */
  public final <T> B attr(AttributeKey<T> key, T value) {
    put(attrs, key, value);
    return self();
  }

  /**
   * Sets the handler added to the created channel's pipeline (often a {@link
   * io.tern.transport.channel.ChannelInitializer}).
   *
   * @param handler the handler
   * @return this bootstrap
   */
  public final B handler(ChannelHandler handler) {
    this.handler = Objects.requireNonNull(handler, "handler");
    return self();
  }

  /**
   * Sets the local address {@link #bind()} binds to.
   *
   * @param localAddress the address
   * @return this bootstrap
   */
  public final B localAddress(SocketAddress localAddress) {
    this.localAddress = localAddress;
    return self();
  }

  /**
   * Returns the local address.
   *
   * @return the address, or {@code null}
   */
  public final SocketAddress localAddress() {
    return localAddress;
  }

  /**
   * Creates a channel, registers it and binds it to {@link #localAddress()}.
   *
   * @return completed with the bound channel
   */
  public final Future<C> bind() {
    SocketAddress address = localAddress;
    if (address == null) {
      throw new IllegalStateException("localAddress not set");
    }
    return bind(address);
  }

  /**
   * Creates a channel, registers it and binds it to a port on every local address.
   *
   * @param port the port, 0 for any free one
   * @return completed with the bound channel
   */
  public final Future<C> bind(int port) {
    return bind(new InetSocketAddress(port));
  }

  /**
   * Creates a channel, registers it and binds it.
   *
   * @param localAddress the address
   * @return completed with the bound channel; on failure the channel is closed
   */
  public final Future<C> bind(SocketAddress localAddress) {
    Objects.requireNonNull(localAddress, "localAddress");
    C ch = newChannel();
    Promise<C> result = ch.eventLoop().newPromise();
    ch.register()
        .addListener(
            registered -> {
              if (!registered.isSuccess()) {
                result.tryFailure(registered.cause());
                return;
              }
              ch.bind(localAddress).addListener(bound -> complete(ch, bound, result));
            });
    return result;
  }

  /** Creates and initialises a channel (options, attributes, handlers); not yet registered. */
  final C newChannel() {
    EventLoopGroup g = group;
    if (g == null) {
      throw new IllegalStateException("group not set");
    }
    C ch = createChannel(g);
    try {
      init(ch);
    } catch (Throwable t) {
      ch.close();
      throw t;
    }
    return ch;
  }

  /**
   * Creates the channel on a loop of {@code group}.
   *
   * @param group the group
   * @return the new channel
   */
  abstract C createChannel(EventLoopGroup group);

  /**
   * Applies options, attributes and the handler.
   *
   * @param ch the new channel
   */
  void init(C ch) {
    applyOptions(ch, snapshot(options));
    applyAttrs(ch, snapshot(attrs));
    if (handler != null) {
      ch.pipeline().addLast(handler);
    }
  }

  static <K, V> Map<K, V> snapshot(Map<K, V> map) {
    synchronized (map) {
      return new LinkedHashMap<>(map);
    }
  }

  static <K> void put(Map<K, Object> map, K key, Object value) {
    Objects.requireNonNull(key, "key");
    synchronized (map) {
      if (value == null) {
        map.remove(key);
      } else {
        map.put(key, value);
      }
    }
  }

  @SuppressWarnings("unchecked")
  static void applyOptions(Channel ch, Map<ChannelOption<?>, Object> options) {
    for (Map.Entry<ChannelOption<?>, Object> e : options.entrySet()) {
      ChannelOption<Object> option = (ChannelOption<Object>) e.getKey();
      try {
        if (!ch.config().setOption(option, e.getValue())) {
          LOGGER.log(
              System.Logger.Level.WARNING,
              "Channel option {0} is not supported by {1}; ignored",
              option,
              ch.getClass().getSimpleName());
        }
      } catch (RuntimeException ex) {
        LOGGER.log(
            System.Logger.Level.WARNING,
            "Failed to set channel option " + option + " = " + e.getValue() + " on " + ch,
            ex);
      }
    }
  }

  @SuppressWarnings("unchecked")
  static void applyAttrs(Channel ch, Map<AttributeKey<?>, Object> attrs) {
    for (Map.Entry<AttributeKey<?>, Object> e : attrs.entrySet()) {
      ch.attr((AttributeKey<Object>) e.getKey()).set(e.getValue());
    }
  }

  /** Completes {@code result} with {@code ch} once {@code op} succeeded, else closes {@code ch}. */
  static <C extends Channel> void complete(C ch, Future<?> op, Promise<C> result) {
    if (op.isSuccess()) {
      if (!result.trySuccess(ch)) {
        ch.close(); // the caller cancelled meanwhile
      }
    } else {
      ch.close();
      result.tryFailure(op.cause());
    }
  }

  @Override
  public String toString() {
    return getClass().getSimpleName()
        + "(group: "
        + group
        + ", options: "
        + snapshot(options)
        + ", handler: "
        + handler
        + ')';
  }
}

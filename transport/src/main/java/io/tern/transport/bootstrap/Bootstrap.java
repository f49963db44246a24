package io.tern.transport.bootstrap;

import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.ConnectTimeoutException;
import java.lang.reflect.Constructor;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Creates client channels: sets them up, registers them, resolves the remote address and connects.
 *
 * <pre>{@code
 * Channel ch = new Bootstrap()
 *     .group(group)
 *     .channelFactory(NioSocketChannel::new)
 *     .option(ChannelOption.TCP_NODELAY, true)
 *     .handler(new ChannelInitializer<SocketChannel>() {
 *       protected void initChannel(SocketChannel ch) {
 *         ch.pipeline().addLast(new MyClientHandler());
 *       }
 *     })
 *     .connect("localhost", 8007).sync().getNow();
 * }</pre>
 *
 * <p>The remote address goes through the {@link AddressResolver} first (by default the JDK's name
 * service on a virtual thread). {@link
 * io.tern.transport.channel.ChannelOption#CONNECT_TIMEOUT_MILLIS} bounds the resolution and,
 * separately, the connect itself; either failing in time fails the returned future with {@link
 * ConnectTimeoutException} and closes the channel.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link AbstractBootstrap}: configure on one thread, then connect from any.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; a channel it connects belongs to the caller, who closes it
 * (a failed connect closes it).
 */
public final class Bootstrap extends AbstractBootstrap<Bootstrap, Channel> {
  private ChannelFactory<? extends Channel> channelFactory;
  private AddressResolver resolver = AddressResolver.DEFAULT;
  private SocketAddress remoteAddress;

  /** Creates an empty bootstrap. */
  public Bootstrap() {}

  /**
   * Sets the channel factory.
   *
   * @param factory creates a channel on a given loop, e.g. {@code NioSocketChannel::new}
   * @return this bootstrap
   */
  public Bootstrap channelFactory(ChannelFactory<? extends Channel> factory) {
    this.channelFactory = Objects.requireNonNull(factory, "factory");
    return this;
  }

  /**
   * Sets the channel class; it needs a public constructor taking an {@link EventLoop}. {@link
   * #channelFactory} with a constructor reference avoids reflection.
   *
   * @param type the channel class
   * @return this bootstrap
   */
  public Bootstrap channel(Class<? extends Channel> type) {
    Constructor<? extends Channel> constructor;
    try {
      constructor = type.getConstructor(EventLoop.class);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(type.getName() + " has no public (EventLoop) constructor");
    }
    return channelFactory(
        loop -> {
          try {
            return constructor.newInstance(loop);
          } catch (ReflectiveOperationException e) {
            throw new ChannelException("cannot create a " + type.getName(), e);
          }
        });
  }

  /**
   * Sets the address resolver.
   *
   * @param resolver the resolver ({@link AddressResolver#NONE} to skip resolution)
   * @return this bootstrap
   */
  public Bootstrap resolver(AddressResolver resolver) {
    this.resolver = Objects.requireNonNull(resolver, "resolver");
    return this;
  }

  /**
   * Sets the address {@link #connect()} connects to.
   *
   * @param remoteAddress the address
   * @return this bootstrap
   */
  public Bootstrap remoteAddress(SocketAddress remoteAddress) {
    this.remoteAddress = remoteAddress;
    return this;
  }

  /**
   * Creates and registers a channel without binding or connecting it.
   *
   * @return completed with the registered channel
   */
  public Future<Channel> register() {
    Channel ch = newChannel();
    Promise<Channel> result = ch.eventLoop().newPromise();
    ch.register().addListener(f -> complete(ch, f, result));
    return result;
  }

  /**
   * Connects to {@link #remoteAddress(SocketAddress)}.
   *
   * @return completed with the connected channel
   */
  public Future<Channel> connect() {
    SocketAddress remote = remoteAddress;
    if (remote == null) {
      throw new IllegalStateException("remoteAddress not set");
    }
    return connect(remote, localAddress());
  }

  /**
   * Connects to a host and port; the host name is resolved by the {@link AddressResolver}.
   *
   * @param host a name or literal address
   * @param port the port
   * @return completed with the connected channel
   */
  public Future<Channel> connect(String host, int port) {
    return connect(InetSocketAddress.createUnresolved(host, port), localAddress());
  }

  /**
   * Connects to an address.
   *
   * @param remoteAddress the address (resolved first if needed)
   * @return completed with the connected channel
   */
  public Future<Channel> connect(SocketAddress remoteAddress) {
    return connect(remoteAddress, localAddress());
  }

  /**
   * Connects to an address from a local address.
   *
   * @param remoteAddress the address (resolved first if needed)
   * @param localAddress the local address, or {@code null}
   * @return completed with the connected channel; on failure the channel is closed
   */
  public Future<Channel> connect(SocketAddress remoteAddress, SocketAddress localAddress) {
    Objects.requireNonNull(remoteAddress, "remoteAddress");
    Channel ch = newChannel();
    Promise<Channel> result = ch.eventLoop().newPromise();
    ch.register()
        .addListener(
            registered -> {
              if (!registered.isSuccess()) {
                result.tryFailure(registered.cause());
                return;
              }
              resolveAndConnect(ch, remoteAddress, localAddress, result);
            });
    return result;
  }

  private void resolveAndConnect(
      Channel ch, SocketAddress remote, SocketAddress local, Promise<Channel> result) {
    EventLoop loop = ch.eventLoop();
    Future<SocketAddress> resolved;
    try {
      resolved = resolver.resolve(remote, loop);
    } catch (Throwable t) {
      ch.close();
      result.tryFailure(t);
      return;
    }
    if (resolved.isDone()) {
      connectResolved(ch, resolved, local, result, null);
      return;
    }
    int timeoutMillis = ch.config().connectTimeoutMillis();
    ScheduledFuture<?> timeout =
        timeoutMillis <= 0
            ? null
            : loop.schedule(
                () -> {
                  if (result.tryFailure(
                      new ConnectTimeoutException(
                          "resolving " + remote + " timed out after " + timeoutMillis + " ms"))) {
                    resolved.cancel(false);
                    ch.close();
                  }
                },
                timeoutMillis,
                TimeUnit.MILLISECONDS);
    resolved.addListener(f -> connectResolved(ch, f, local, result, timeout));
  }

  private static void connectResolved(
      Channel ch,
      Future<? extends SocketAddress> resolved,
      SocketAddress local,
      Promise<Channel> result,
      ScheduledFuture<?> timeout) {
    if (timeout != null) {
      timeout.cancel(false);
    }
    if (result.isDone()) {
      return; // timed out
    }
    if (!resolved.isSuccess()) {
      ch.close();
      result.tryFailure(resolved.cause());
      return;
    }
    ch.connect(resolved.getNow(), local).addListener(f -> complete(ch, f, result));
  }

  @Override
  Channel createChannel(EventLoopGroup group) {
    ChannelFactory<? extends Channel> factory = channelFactory;
    if (factory == null) {
      throw new IllegalStateException("channelFactory not set");
    }
    return factory.newChannel(group.next());
  }
}

package io.tern.transport.bootstrap;

import io.tern.common.AttributeKey;
import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ServerChannel;
import java.lang.reflect.Constructor;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Creates a listening channel and sets up every connection it accepts.
 *
 * <pre>{@code
 * EventLoopGroup group = new MultiThreadEventLoopGroup(NioIoHandler.newFactory());
 * Channel server = new ServerBootstrap()
 *     .group(group)
 *     .channelFactory(NioServerSocketChannel::new)
 *     .childHandler(new ChannelInitializer<SocketChannel>() {
 *       protected void initChannel(SocketChannel ch) {
 *         ch.pipeline().addLast(new EchoServerHandler());
 *       }
 *     })
 *     .bind(8007).sync().getNow();
 * server.closeFuture().sync();
 * }</pre>
 *
 * <p>Options, attributes and the handler set with {@code option}/{@code attr}/{@code handler} go to
 * the listening channel; the {@code child*} ones to each accepted channel, which runs on a loop of
 * the child group (the same group unless {@link #group(EventLoopGroup, EventLoopGroup)} says
 * otherwise). Accepted channels are set up and registered on the server's loop, in the order they
 * arrive.
 *
 * <h2>Threading</h2>
 *
 * <p>As {@link AbstractBootstrap}: configure on one thread, then bind from any.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the listening channel belongs to the caller, who closes
 * it; an accepted channel closes by itself (or through its handlers).
 */
public final class ServerBootstrap extends AbstractBootstrap<ServerBootstrap, ServerChannel> {
  private static final System.Logger LOGGER = System.getLogger(ServerBootstrap.class.getName());

  private EventLoopGroup childGroup;
  private ServerChannelFactory<? extends ServerChannel> channelFactory;
  private final Map<ChannelOption<?>, Object> childOptions = new LinkedHashMap<>();
  private final Map<AttributeKey<?>, Object> childAttrs = new LinkedHashMap<>();
  private ChannelHandler childHandler;

  /** Creates an empty bootstrap. */
  public ServerBootstrap() {}

  /**
   * Uses one group for the listening channel and the accepted ones.
   *
   * @param group the group
   * @return this bootstrap
   */
  @Override
  public ServerBootstrap group(EventLoopGroup group) {
    return group(group, group);
  }

  /**
   * Uses separate groups for the listening channel and the accepted ones.
   *
   * @param parentGroup the group of the listening channel
   * @param childGroup the group of accepted channels
   * @return this bootstrap
   */
  public ServerBootstrap group(EventLoopGroup parentGroup, EventLoopGroup childGroup) {
    super.group(parentGroup);
    this.childGroup = Objects.requireNonNull(childGroup, "childGroup");
    return this;
  }

  /**
   * Returns the group of accepted channels.
   *
   * @return the child group, or {@code null} if not set
   */
  public EventLoopGroup childGroup() {
    return childGroup;
  }

  /**
   * Sets the channel factory.
   *
   * @param factory creates the listening channel, e.g. {@code NioServerSocketChannel::new}
   * @return this bootstrap
   */
  public ServerBootstrap channelFactory(ServerChannelFactory<? extends ServerChannel> factory) {
    this.channelFactory = Objects.requireNonNull(factory, "factory");
    return this;
  }

  /**
   * Sets the channel class; it needs a public constructor taking an {@link EventLoop} and an {@link
   * EventLoopGroup}. {@link #channelFactory} with a constructor reference avoids reflection.
   *
   * @param type the channel class
   * @return this bootstrap
   */
  public ServerBootstrap channel(Class<? extends ServerChannel> type) {
    Constructor<? extends ServerChannel> constructor;
    try {
      constructor = type.getConstructor(EventLoop.class, EventLoopGroup.class);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(
          type.getName() + " has no public (EventLoop, EventLoopGroup) constructor");
    }
    return channelFactory(
        (loop, children) -> {
          try {
            return constructor.newInstance(loop, children);
          } catch (ReflectiveOperationException e) {
            throw new ChannelException("cannot create a " + type.getName(), e);
          }
        });
  }

  /**
   * Sets an option of every accepted channel; {@code null} removes it.
   *
   * @param <T> the value type
   * @param option the option
   * @param value the value, or {@code null}
   * @return this bootstrap
   */
  public <T> ServerBootstrap childOption(ChannelOption<T> option, T value) {
    put(childOptions, option, value);
    return this;
  }

  /**
   * Sets an attribute of every accepted channel; {@code null} removes it.
   *
   * @param <T> the value type
   * @param key the key
   * @param value the value, or {@code null}
   * @return this bootstrap
   */
  public <T> ServerBootstrap childAttr(AttributeKey<T> key, T value) {
    put(childAttrs, key, value);
    return this;
  }

  /**
   * Sets the handler added to every accepted channel (usually a {@link
   * io.tern.transport.channel.ChannelInitializer}; it must be shareable between channels).
   *
   * @param childHandler the handler
   * @return this bootstrap
   */
  public ServerBootstrap childHandler(ChannelHandler childHandler) {
    this.childHandler = Objects.requireNonNull(childHandler, "childHandler");
    return this;
  }

  @Override
  ServerChannel createChannel(EventLoopGroup group) {
    ServerChannelFactory<? extends ServerChannel> factory = channelFactory;
    if (factory == null) {
      throw new IllegalStateException("channelFactory not set");
    }
    if (childHandler == null) {
      throw new IllegalStateException("childHandler not set");
    }
    return factory.newChannel(group.next(), childGroup);
  }

  @Override
  void init(ServerChannel ch) {
    super.init(ch);
    Acceptor acceptor = new Acceptor(childHandler, snapshot(childOptions), snapshot(childAttrs));
    // Last, after whatever a ChannelInitializer given to handler() adds when it runs.
    ch.eventLoop().execute(() -> ch.pipeline().addLast("acceptor", acceptor));
  }

  /** Sets up and registers each accepted child. */
  private static final class Acceptor implements ChannelHandler {
    private final ChannelHandler childHandler;
    private final Map<ChannelOption<?>, Object> childOptions;
    private final Map<AttributeKey<?>, Object> childAttrs;

    Acceptor(
        ChannelHandler childHandler,
        Map<ChannelOption<?>, Object> childOptions,
        Map<AttributeKey<?>, Object> childAttrs) {
      this.childHandler = childHandler;
      this.childOptions = childOptions;
      this.childAttrs = childAttrs;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      Channel child = (Channel) msg;
      try {
        child.pipeline().addLast(childHandler);
        applyOptions(child, childOptions);
        applyAttrs(child, childAttrs);
        child
            .register()
            .addListener(
                f -> {
                  if (!f.isSuccess()) {
                    LOGGER.log(
                        System.Logger.Level.WARNING, "Failed to register " + child, f.cause());
                    child.close();
                  }
                });
      } catch (Throwable t) {
        LOGGER.log(System.Logger.Level.WARNING, "Failed to set up " + child, t);
        child.close();
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ChannelConfig config = ctx.channel().config();
      if (config.autoRead()) {
        // Accepting failed (too many open files, say): pause a second instead of spinning.
        config.autoRead(false);
        ctx.channel().eventLoop().schedule(() -> config.autoRead(true), 1, TimeUnit.SECONDS);
      }
      ctx.fireExceptionCaught(cause);
    }
  }
}

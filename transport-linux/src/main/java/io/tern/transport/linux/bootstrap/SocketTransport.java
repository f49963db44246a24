package io.tern.transport.linux.bootstrap;

import io.tern.common.SystemProperties;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerChannelFactory;
import io.tern.transport.linux.epoll.Epoll;
import io.tern.transport.linux.epoll.EpollIoHandler;
import io.tern.transport.linux.epoll.EpollServerSocketChannel;
import io.tern.transport.linux.epoll.EpollSocketChannel;
import io.tern.transport.linux.iouring.IoUring;
import io.tern.transport.linux.iouring.IoUringIoHandler;
import io.tern.transport.linux.iouring.IoUringServerSocketChannel;
import io.tern.transport.linux.iouring.IoUringSocketChannel;
import io.tern.transport.nio.NioIoHandler;
import io.tern.transport.nio.NioServerSocketChannel;
import io.tern.transport.nio.NioSocketChannel;
import io.tern.transport.socket.ServerSocketChannel;
import io.tern.transport.socket.SocketChannel;
import java.util.Locale;

/**
 * A TCP transport by name, for options like {@code --transport=nio|epoll|io_uring|native}: the
 * {@code IoHandler} factory for the event loop groups and the channel constructors for the
 * bootstraps, which must match.
 *
 * <pre>{@code
 * SocketTransport t = SocketTransport.of("native");
 * EventLoopGroup group = new MultiThreadEventLoopGroup(0, t.ioHandlerFactory());
 * new ServerBootstrap().group(group).channelFactory(t.serverChannelFactory())...
 * }</pre>
 *
 * <p>{@code native} is the best Linux transport available: io_uring, else epoll, else NIO (on other
 * systems); {@code io.tern.transport.linux.nativeTransport=epoll} makes it prefer epoll.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the groups and channels made from it belong to their
 * creator.
 *
 * @param name {@code nio}, {@code epoll} or {@code io_uring}
 * @param ioHandlerFactory the handler factory for the transport's event loops
 * @param serverChannelFactory creates listening channels
 * @param channelFactory creates client channels
 */
public record SocketTransport(
    String name,
    IoHandlerFactory ioHandlerFactory,
    ServerChannelFactory<? extends ServerSocketChannel> serverChannelFactory,
    ChannelFactory<? extends SocketChannel> channelFactory) {

  /**
   * Returns the transport named {@code name}.
   *
   * @param name {@code nio}, {@code epoll}, {@code io_uring} (also {@code iouring}, {@code
   *     io-uring}) or {@code native}
   * @return the transport
   * @throws IllegalArgumentException for an unknown name
   * @throws UnsupportedOperationException if the named native transport is unavailable here, with
   *     the reason
   */
  public static SocketTransport of(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "nio" ->
          new SocketTransport(
              "nio", NioIoHandler.newFactory(), NioServerSocketChannel::new, NioSocketChannel::new);
      case "epoll" ->
          new SocketTransport(
              "epoll",
              EpollIoHandler.newFactory(),
              EpollServerSocketChannel::new,
              EpollSocketChannel::new);
      case "io_uring", "iouring", "io-uring" ->
          new SocketTransport(
              "io_uring",
              IoUringIoHandler.newFactory(),
              IoUringServerSocketChannel::new,
              IoUringSocketChannel::new);
      case "native" -> best();
      default ->
          throw new IllegalArgumentException(
              "unknown transport '" + name + "' (expected nio, epoll, io_uring or native)");
    };
  }

  /**
   * Returns the best transport available here: io_uring, else epoll, else NIO. {@code
   * io.tern.transport.linux.nativeTransport} ({@code io_uring} by default, or {@code epoll})
   * chooses which native one comes first.
   *
   * @return the transport
   */
  public static SocketTransport best() {
    boolean epollFirst =
        "epoll"
            .equalsIgnoreCase(
                SystemProperties.get("io.tern.transport.linux.nativeTransport", "io_uring"));
    if (epollFirst && Epoll.isAvailable()) {
      return of("epoll");
    }
    if (IoUring.isAvailable()) {
      return of("io_uring");
    }
    if (Epoll.isAvailable()) {
      return of("epoll");
    }
    return of("nio");
  }
}

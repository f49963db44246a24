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
import java.util.function.BooleanSupplier;

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
   * Returns this transport with Multipath TCP sockets (RFC 8684) instead of plain TCP ones: the
   * same loops, channels opened with {@code IPPROTO_MPTCP} ({@code EpollSocketChannel.mptcp()} and
   * the like). A peer without MPTCP still connects, over plain TCP; {@code
   * LinuxChannelOption.MPTCP} reads which a channel got.
   *
   * @return the MPTCP variant of this transport
   * @throws UnsupportedOperationException for {@code nio}: the JDK opens plain TCP sockets only
   */
  public SocketTransport withMptcp() {
    return switch (name) {
      case "epoll" ->
          new SocketTransport(
              name, ioHandlerFactory, EpollServerSocketChannel.mptcp(), EpollSocketChannel.mptcp());
      case "io_uring" ->
          new SocketTransport(
              name,
              ioHandlerFactory,
              IoUringServerSocketChannel.mptcp(),
              IoUringSocketChannel.mptcp());
      default ->
          throw new UnsupportedOperationException(
              "Multipath TCP needs the epoll or io_uring transport: the JDK's NIO ("
                  + name
                  + ") opens plain TCP sockets only");
    };
  }

  /**
   * Returns the best transport available here: io_uring, else epoll, else NIO, each probed (the
   * probes open and close a throw-away ring or epoll instance once per JVM). A probe that fails in
   * any way — an old kernel, io_uring disabled by {@code kernel.io_uring_disabled} or a seccomp
   * filter, no Linux at all, native access denied — counts as "not here" and the next one is tried,
   * so this never fails: NIO always works. {@code io.tern.transport.linux.nativeTransport} ({@code
   * io_uring} by default, or {@code epoll}) chooses which native one comes first; {@code
   * io.tern.transport.linux.noIoUring=true} and {@code io.tern.transport.linux.noEpoll=true} rule
   * one out.
   *
   * <p>This is what {@code of("native")} returns, and what every example uses unless given {@code
   * --transport}. {@link IoUring#unavailabilityCause()} and {@link Epoll#unavailabilityCause()} say
   * why one was passed over.
   *
   * @return the transport
   */
  public static SocketTransport best() {
    boolean epollFirst =
        "epoll"
            .equalsIgnoreCase(
                SystemProperties.get("io.tern.transport.linux.nativeTransport", "io_uring"));
    return best(epollFirst, IoUring::isAvailable, Epoll::isAvailable);
  }

  /**
   * The choice {@link #best()} makes, over the two probes it is given (tests give failing ones).
   */
  static SocketTransport best(boolean epollFirst, BooleanSupplier ioUring, BooleanSupplier epoll) {
    if (epollFirst && passes(epoll)) {
      return of("epoll");
    }
    if (passes(ioUring)) {
      return of("io_uring");
    }
    if (passes(epoll)) {
      return of("epoll");
    }
    return of("nio");
  }

  /**
   * Runs a probe; one that throws (the probing class failed to initialise: no libc, native access
   * denied, a missing system call) means the transport is not available.
   */
  private static boolean passes(BooleanSupplier probe) {
    try {
      return probe.getAsBoolean();
    } catch (LinkageError | RuntimeException e) {
      return false;
    }
  }
}

package io.tern.benchmarks.load.netty;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;

/** The Netty transports the comparison servers can run on. */
public enum NettyTransport {
  /** Java NIO selector. */
  NIO,
  /** Netty's native epoll transport (JNI). */
  EPOLL,
  /** Netty's native io_uring transport (JNI). */
  IO_URING;

  /**
   * Returns the transport for a name used by the scripts.
   *
   * @param name {@code nio}, {@code epoll}, {@code io_uring}, or {@code native} (io_uring when
   *     Netty's io_uring library runs here, else epoll: the same preference as Tern's {@code
   *     native}, so both sides of a comparison run the same kernel interface)
   * @return the transport
   * @throws IllegalArgumentException for any other name
   */
  public static NettyTransport of(String name) {
    return switch (name) {
      case "nio" -> NIO;
      case "epoll" -> EPOLL;
      case "native" -> IoUring.isAvailable() ? IO_URING : EPOLL;
      case "io_uring" -> IO_URING;
      default ->
          throw new IllegalArgumentException(
              "unknown transport " + name + " (nio, epoll, io_uring or native)");
    };
  }

  /**
   * Returns the I/O handler factory for an event-loop group, failing when the native library is
   * unavailable here rather than falling back silently.
   *
   * @return the factory
   */
  public IoHandlerFactory ioHandlerFactory() {
    return switch (this) {
      case NIO -> NioIoHandler.newFactory();
      case EPOLL -> {
        Epoll.ensureAvailability();
        yield EpollIoHandler.newFactory();
      }
      case IO_URING -> {
        IoUring.ensureAvailability();
        yield IoUringIoHandler.newFactory();
      }
    };
  }

  /**
   * Returns the server channel class of this transport.
   *
   * @return the class
   */
  public Class<? extends ServerChannel> serverChannel() {
    return switch (this) {
      case NIO -> NioServerSocketChannel.class;
      case EPOLL -> EpollServerSocketChannel.class;
      case IO_URING -> IoUringServerSocketChannel.class;
    };
  }
}

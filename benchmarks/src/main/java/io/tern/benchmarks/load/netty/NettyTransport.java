package io.tern.benchmarks.load.netty;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringAdaptiveBufferRingAllocator;
import io.netty.channel.uring.IoUringBufferRingConfig;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringIoHandlerConfig;
import io.netty.channel.uring.IoUringServerSocketChannel;

/**
 * The Netty transports the comparison servers can run on. There is deliberately no {@code native}:
 * a comparison names the kernel interface both sides use, so that neither picks its own.
 */
public enum NettyTransport {
  /** Java NIO selector. */
  NIO,
  /** Netty's native epoll transport (JNI). */
  EPOLL,
  /** Netty's native io_uring transport (JNI). */
  IO_URING;

  /** The buffer group of the io_uring buffer ring, when a server registers one. */
  static final short BUFFER_GROUP_ID = 1;

  /**
   * Returns the transport for a name used by the scripts.
   *
   * @param name {@code nio}, {@code epoll} or {@code io_uring}
   * @return the transport
   * @throws IllegalArgumentException for any other name
   */
  public static NettyTransport of(String name) {
    return switch (name) {
      case "nio" -> NIO;
      case "epoll" -> EPOLL;
      case "io_uring" -> IO_URING;
      default ->
          throw new IllegalArgumentException(
              "unknown transport " + name + " (nio, epoll or io_uring; no 'native': name one)");
    };
  }

  /**
   * Returns the name of the transport a bound server channel really uses, from its class: what the
   * load harness checks against the transport it asked for.
   *
   * @param server a bound server channel
   * @return {@code nio}, {@code epoll}, {@code io_uring}, or the class name when unknown
   */
  public static String reported(Channel server) {
    return switch (server) {
      case NioServerSocketChannel c -> "nio";
      case EpollServerSocketChannel c -> "epoll";
      case IoUringServerSocketChannel c -> "io_uring";
      default -> server.getClass().getName();
    };
  }

  /**
   * Returns the I/O handler factory for an event-loop group, failing when the native library is
   * unavailable here rather than falling back silently.
   *
   * @param bufferRingAllocator with io_uring: register a buffer ring whose buffers come from this
   *     allocator (single issuer, as the one event-loop thread is); null for Netty's defaults
   * @return the factory
   */
  public IoHandlerFactory ioHandlerFactory(ByteBufAllocator bufferRingAllocator) {
    return switch (this) {
      case NIO -> NioIoHandler.newFactory();
      case EPOLL -> {
        Epoll.ensureAvailability();
        yield EpollIoHandler.newFactory();
      }
      case IO_URING -> {
        IoUring.ensureAvailability();
        if (bufferRingAllocator == null) {
          yield IoUringIoHandler.newFactory();
        }
        IoUringIoHandlerConfig config =
            new IoUringIoHandlerConfig()
                .setSingleIssuer(true)
                .setBufferRingConfig(
                    IoUringBufferRingConfig.builder()
                        .bufferGroupId(BUFFER_GROUP_ID)
                        .bufferRingSize((short) 1024)
                        .batchSize(64)
                        .allocator(new IoUringAdaptiveBufferRingAllocator(bufferRingAllocator))
                        .incremental(IoUring.isRegisterBufferRingIncSupported())
                        .build());
        yield IoUringIoHandler.newFactory(config);
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

package io.tern.transport.linux;

import io.tern.testsuite.transport.DatagramTransport;
import io.tern.testsuite.transport.InetTransport;
import java.net.StandardProtocolFamily;

/** The native transports as the shared socket tests see them. */
final class LinuxTransports {
  static final InetTransport EPOLL = epoll("epoll", StandardProtocolFamily.INET);
  static final InetTransport EPOLL_IPV6 = epoll("epoll-ipv6", StandardProtocolFamily.INET6);
  static final InetTransport IO_URING =
      ioUring("io_uring", IoUringIoHandler.newFactory(), StandardProtocolFamily.INET);
  static final InetTransport IO_URING_IPV6 =
      ioUring("io_uring-ipv6", IoUringIoHandler.newFactory(), StandardProtocolFamily.INET6);

  /** io_uring with one receive per read request and provided buffers off (older kernels). */
  static final InetTransport IO_URING_BASIC =
      ioUring(
          "io_uring without buffer rings or multishot",
          IoUringIoHandler.newFactory(
              IoUringSettings.fromProperties().withBufferRings(false).withMultishot(false)),
          StandardProtocolFamily.INET);

  /** io_uring with provided buffers used whole (kernels before 6.12): 4 KiB per receive. */
  static final InetTransport IO_URING_WHOLE_BUFFERS =
      ioUring(
          "io_uring with whole provided buffers",
          IoUringIoHandler.newFactory(
              IoUringSettings.fromProperties().withIncrementalBuffers(false)),
          StandardProtocolFamily.INET);

  /**
   * io_uring with a small incremental ring (8 buffers of 1 KiB): receives run it dry and re-arm,
   * and pieces of one buffer go to several reads.
   */
  static final InetTransport IO_URING_SMALL_RING =
      ioUring(
          "io_uring with a small incremental buffer ring",
          IoUringIoHandler.newFactory(IoUringSettings.fromProperties().withBufferRing(8, 1024)),
          StandardProtocolFamily.INET);

  static final DatagramTransport EPOLL_UDP =
      new DatagramTransport("epoll-udp", EpollIoHandler.newFactory(), EpollDatagramChannel::new);
  static final DatagramTransport IO_URING_UDP =
      new DatagramTransport(
          "io_uring-udp", IoUringIoHandler.newFactory(), IoUringDatagramChannel::new);

  private LinuxTransports() {}

  private static InetTransport epoll(String name, StandardProtocolFamily family) {
    return new InetTransport(
        name,
        EpollIoHandler.newFactory(),
        family,
        EpollSocketChannel::new,
        EpollServerSocketChannel::new);
  }

  private static InetTransport ioUring(
      String name, io.tern.transport.IoHandlerFactory handlers, StandardProtocolFamily family) {
    return new InetTransport(
        name, handlers, family, IoUringSocketChannel::new, IoUringServerSocketChannel::new);
  }
}

package io.tern.transport.linux;

import io.tern.testsuite.transport.DatagramTransport;
import io.tern.testsuite.transport.InetTransport;
import io.tern.transport.linux.epoll.EpollDatagramChannel;
import io.tern.transport.linux.epoll.EpollIoHandler;
import io.tern.transport.linux.epoll.EpollServerSocketChannel;
import io.tern.transport.linux.epoll.EpollSocketChannel;
import io.tern.transport.linux.iouring.IoUringDatagramChannel;
import io.tern.transport.linux.iouring.IoUringIoHandler;
import io.tern.transport.linux.iouring.IoUringServerSocketChannel;
import io.tern.transport.linux.iouring.IoUringSocketChannel;
import io.tern.transport.linux.iouring.IoUringTestHandlers;
import java.net.StandardProtocolFamily;

/** The native transports as the shared socket tests see them. */
// Public for the tests of the epoll and io_uring packages; JUnit and testsuite types are not
// exported by a module, which is fine for test code.
@SuppressWarnings("exports")
public final class LinuxTransports {
  public static final InetTransport EPOLL = epoll("epoll", StandardProtocolFamily.INET);
  public static final InetTransport EPOLL_IPV6 = epoll("epoll-ipv6", StandardProtocolFamily.INET6);
  public static final InetTransport IO_URING =
      ioUring("io_uring", IoUringIoHandler.newFactory(), StandardProtocolFamily.INET);
  public static final InetTransport IO_URING_IPV6 =
      ioUring("io_uring-ipv6", IoUringIoHandler.newFactory(), StandardProtocolFamily.INET6);

  /** io_uring with one receive per read request and provided buffers off (older kernels). */
  public static final InetTransport IO_URING_BASIC =
      ioUring(
          "io_uring without buffer rings or multishot",
          IoUringTestHandlers.withoutBufferRingsOrMultishot(),
          StandardProtocolFamily.INET);

  /** io_uring with provided buffers used whole (kernels before 6.12): 4 KiB per receive. */
  public static final InetTransport IO_URING_WHOLE_BUFFERS =
      ioUring(
          "io_uring with whole provided buffers",
          IoUringTestHandlers.withWholeBuffers(),
          StandardProtocolFamily.INET);

  /**
   * io_uring with a small incremental ring (8 buffers of 1 KiB): receives run it dry and re-arm,
   * and pieces of one buffer go to several reads.
   */
  public static final InetTransport IO_URING_SMALL_RING =
      ioUring(
          "io_uring with a small incremental buffer ring",
          IoUringTestHandlers.withBufferRing(8, 1024),
          StandardProtocolFamily.INET);

  /** io_uring with registered (fixed) files: every channel's socket takes a slot of its loop. */
  public static final InetTransport IO_URING_FIXED_FILES =
      ioUring(
          "io_uring with fixed files",
          IoUringTestHandlers.withFixedFiles(4096),
          StandardProtocolFamily.INET);

  /** io_uring with a fixed file table of 16 slots: past 16 channels per loop, plain descriptors. */
  public static final InetTransport IO_URING_SMALL_FILE_TABLE =
      ioUring(
          "io_uring with a 16-slot file table",
          IoUringTestHandlers.withFixedFiles(16),
          StandardProtocolFamily.INET);

  /** io_uring with registered (fixed) files off, whatever the default. */
  public static final InetTransport IO_URING_PLAIN_FILES =
      ioUring(
          "io_uring without fixed files",
          IoUringTestHandlers.withoutFixedFiles(),
          StandardProtocolFamily.INET);

  public static final DatagramTransport EPOLL_UDP =
      new DatagramTransport("epoll-udp", EpollIoHandler.newFactory(), EpollDatagramChannel::new);
  public static final DatagramTransport IO_URING_UDP =
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

package io.tern.transport.linux.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.epoll.Epoll;
import io.tern.transport.linux.epoll.EpollServerSocketChannel;
import io.tern.transport.linux.iouring.IoUring;
import io.tern.transport.linux.iouring.IoUringServerSocketChannel;
import io.tern.transport.nio.NioServerSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** The best-transport probe: its order, and its clean fall-back past probes that say no or fail. */
class SocketTransportTest {
  private static final BooleanSupplier YES = SocketTransportTest::yes;
  private static final BooleanSupplier NO = SocketTransportTest::no;
  private static final BooleanSupplier THROWS = SocketTransportTest::nativeAccessDenied;
  private static final BooleanSupplier FAILS_TO_LINK = SocketTransportTest::libcMissing;

  private static boolean yes() {
    return true;
  }

  private static boolean no() {
    return false;
  }

  private static boolean nativeAccessDenied() {
    throw new IllegalCallerException("native access denied");
  }

  private static boolean libcMissing() {
    throw new NoClassDefFoundError("io/tern/transport/linux/internal/sys/LibC");
  }

  @Test
  void prefersIoUringThenEpollThenNio() {
    assertThat(SocketTransport.best(false, YES, YES).name()).isEqualTo("io_uring");
    assertThat(SocketTransport.best(false, NO, YES).name()).isEqualTo("epoll");
    assertThat(SocketTransport.best(false, NO, NO).name()).isEqualTo("nio");
  }

  @Test
  void putsEpollFirstWhenAskedAndStillFallsBackToIoUring() {
    assertThat(SocketTransport.best(true, YES, YES).name()).isEqualTo("epoll");
    assertThat(SocketTransport.best(true, YES, NO).name()).isEqualTo("io_uring");
  }

  @Test
  void treatsAFailingProbeAsUnavailable() {
    assertThat(SocketTransport.best(false, THROWS, YES).name()).isEqualTo("epoll");
    assertThat(SocketTransport.best(false, FAILS_TO_LINK, THROWS).name()).isEqualTo("nio");
    assertThat(SocketTransport.best(true, YES, FAILS_TO_LINK).name()).isEqualTo("io_uring");
  }

  @Test
  void fallsBackToAWorkingNioTransport() {
    SocketTransport nio = SocketTransport.best(false, THROWS, NO);
    assertThat(bindAndReportServerType(nio)).isEqualTo(NioServerSocketChannel.class);
  }

  @Test
  void theBestHereMatchesTheProbesAndServes() {
    SocketTransport best = SocketTransport.best();
    String expected = IoUring.isAvailable() ? "io_uring" : Epoll.isAvailable() ? "epoll" : "nio";
    assertThat(best.name()).isEqualTo(expected);
    assertThat(SocketTransport.of("native").name()).isEqualTo(expected);
    Class<?> serverType =
        switch (expected) {
          case "io_uring" -> IoUringServerSocketChannel.class;
          case "epoll" -> EpollServerSocketChannel.class;
          default -> NioServerSocketChannel.class;
        };
    assertThat(bindAndReportServerType(best)).isEqualTo(serverType);
  }

  /** Binds a server of the transport on loopback and returns its channel's class. */
  private static Class<?> bindAndReportServerType(SocketTransport transport) {
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, transport.ioHandlerFactory());
    try {
      ServerChannel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(transport.serverChannelFactory())
              .childHandler(new ChannelHandler() {})
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .syncUninterruptibly()
              .getNow();
      server.close().syncUninterruptibly();
      return server.getClass();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }
}

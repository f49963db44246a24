package io.tern.transport.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelException;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.bootstrap.SocketTransport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Multipath TCP over loopback on both native transports: MPTCP to MPTCP negotiates MPTCP on both
 * ends, a plain TCP client falls back to TCP, and the option is read-only.
 */
@ExtendWith(FdLeakCheck.class)
class MptcpTest {
  private static final InetSocketAddress LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  private final List<EventLoopGroup> groups = new ArrayList<>();

  @AfterEach
  void shutDown() {
    for (EventLoopGroup g : groups) {
      g.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"epoll", "io_uring"})
  void anMptcpClientAndServerEchoOverMptcp(String name) throws Exception {
    SocketTransport mptcp = SocketTransport.of(name).withMptcp();
    Echoed result = echo(mptcp, mptcp.channelFactory(), "multipath hello");

    assertThat(result.text()).isEqualTo("multipath hello");
    assertThat(result.server()).as("listening socket").isTrue();
    assertThat(result.client()).as("client socket").isTrue();
    assertThat(result.accepted()).as("accepted connection negotiated MPTCP").isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"epoll", "io_uring"})
  void aPlainTcpClientFallsBackToTcpOnAnMptcpServer(String name) throws Exception {
    SocketTransport plain = SocketTransport.of(name);
    Echoed result = echo(plain.withMptcp(), plain.channelFactory(), "plain hello");

    assertThat(result.text()).isEqualTo("plain hello");
    assertThat(result.server()).isTrue();
    assertThat(result.client()).isFalse();
    assertThat(result.accepted()).as("the kernel fell back to TCP").isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"epoll", "io_uring"})
  void theOptionIsReadOnlyButAcceptsTheSocketsOwnValue(String name) {
    SocketTransport plain = SocketTransport.of(name);
    EventLoopGroup group = group(plain);
    Channel tcp = plain.channelFactory().newChannel(group.next());
    Channel multipath = plain.withMptcp().channelFactory().newChannel(group.next());
    tcp.register().syncUninterruptibly();
    multipath.register().syncUninterruptibly();
    try {
      assertThat(tcp.config().getOption(LinuxChannelOption.MPTCP)).isFalse();
      assertThat(multipath.config().getOption(LinuxChannelOption.MPTCP)).isTrue();
      assertThat(tcp.config().setOption(LinuxChannelOption.MPTCP, false)).isTrue();
      assertThatThrownBy(() -> tcp.config().setOption(LinuxChannelOption.MPTCP, true))
          .isInstanceOf(ChannelException.class)
          .hasMessageContaining("mptcp()");
    } finally {
      tcp.close().syncUninterruptibly();
      multipath.close().syncUninterruptibly();
    }
  }

  @Test
  void nioHasNoMptcp() {
    assertThatThrownBy(() -> SocketTransport.of("nio").withMptcp())
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("epoll or io_uring");
  }

  /** What one echo over loopback saw. */
  private record Echoed(String text, boolean server, boolean client, boolean accepted) {}

  private Echoed echo(
      SocketTransport serverTransport, ChannelFactory<? extends Channel> clients, String text)
      throws Exception {
    EventLoopGroup group = group(serverTransport);
    CompletableFuture<Boolean> acceptedMptcp = new CompletableFuture<>();
    ServerChannel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(serverTransport.serverChannelFactory())
            .childHandler(
                new ChannelHandler() {
                  @Override
                  public void channelActive(ChannelHandlerContext ctx) {
                    acceptedMptcp.complete(
                        ctx.channel().config().getOption(LinuxChannelOption.MPTCP));
                    ctx.fireChannelActive();
                  }

                  @Override
                  public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    ctx.writeAndFlush(msg);
                  }
                })
            .bind(LOOPBACK)
            .sync()
            .getNow();
    Promise<String> reply = new DefaultPromise<>(group.next());
    StringBuilder received = new StringBuilder();
    Channel client =
        new Bootstrap()
            .group(group)
            .channelFactory(clients)
            .handler(
                new ChannelHandler() {
                  @Override
                  public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    ByteBuf buf = (ByteBuf) msg;
                    try {
                      received.append(buf.toString(StandardCharsets.UTF_8));
                    } finally {
                      buf.release();
                    }
                    if (received.length() >= text.length()) {
                      reply.trySuccess(received.toString());
                    }
                  }

                  @Override
                  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                    reply.tryFailure(cause);
                  }
                })
            .connect(server.localAddress())
            .sync()
            .getNow();
    try {
      client.writeAndFlush(Unpooled.copiedBuffer(text.getBytes(StandardCharsets.UTF_8)));
      String echoed = reply.get(30, TimeUnit.SECONDS);
      return new Echoed(
          echoed,
          server.config().getOption(LinuxChannelOption.MPTCP),
          client.config().getOption(LinuxChannelOption.MPTCP),
          acceptedMptcp.get(30, TimeUnit.SECONDS));
    } finally {
      client.close().sync();
      server.close().sync();
    }
  }

  private EventLoopGroup group(SocketTransport transport) {
    EventLoopGroup g = new MultiThreadEventLoopGroup(2, transport.ioHandlerFactory());
    groups.add(g);
    return g;
  }
}

package io.tern.examples.socks;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.examples.echo.EchoServer;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.handler.proxy.ProxyConnectException;
import io.tern.handler.proxy.ProxyHandler;
import io.tern.handler.proxy.Socks4ProxyHandler;
import io.tern.handler.proxy.Socks5ProxyHandler;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.AddressResolver;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInitializer;
import io.tern.transport.channel.ServerChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Tern's own proxy handlers through the {@code socks-proxy} example to the echo server, over NIO
 * loopback: every version, host names resolved by the proxy, authentication and its refusal.
 */
class SocksProxyServerTest {
  private static final InetSocketAddress ANY =
      new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0);

  /** Sends "ping" once the tunnel is up and completes with what comes back. */
  private static final class Ping implements ChannelHandler {
    final Promise<String> echoed;

    Ping(Promise<String> echoed) {
      this.echoed = echoed;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      ctx.writeAndFlush(Unpooled.copiedBuffer("ping", StandardCharsets.US_ASCII));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf b = (ByteBuf) msg;
      echoed.trySuccess(b.toString(StandardCharsets.US_ASCII));
      b.release();
      ctx.close();
    }
  }

  private static Future<String> ping(
      EventLoopGroup group,
      Transport nio,
      Function<SocketAddress, ProxyHandler> proxy,
      SocketAddress proxyAddress,
      SocketAddress destination) {
    Promise<String> echoed = group.next().newPromise();
    new Bootstrap()
        .group(group)
        .channelFactory(nio.channelFactory())
        .resolver(AddressResolver.NONE)
        .handler(
            new ChannelInitializer<>() {
              @Override
              protected void initChannel(Channel ch) {
                ch.pipeline().addLast(proxy.apply(proxyAddress), new Ping(echoed));
              }
            })
        .connect(destination)
        .addListener(
            f -> {
              if (!f.isSuccess()) {
                echoed.tryFailure(f.cause());
              }
            });
    return echoed;
  }

  @Test
  void everyVersionRelaysToTheEchoServer() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      ServerChannel echo = EchoServer.start(nio, group, ANY).sync().getNow();
      ServerChannel open = SocksProxyServer.start(nio, group, ANY, null, null).sync().getNow();
      ServerChannel locked =
          SocksProxyServer.start(nio, group, ANY, "alice", "s3cret").sync().getNow();
      int port = ((InetSocketAddress) echo.localAddress()).getPort();
      SocketAddress byIp = echo.localAddress();
      SocketAddress byName = InetSocketAddress.createUnresolved("localhost", port);

      for (SocketAddress dst : new SocketAddress[] {byIp, byName}) {
        assertThat(
                ping(group, nio, Socks4ProxyHandler::new, open.localAddress(), dst)
                    .get(30, TimeUnit.SECONDS))
            .isEqualTo("ping");
        assertThat(
                ping(group, nio, Socks5ProxyHandler::new, open.localAddress(), dst)
                    .get(30, TimeUnit.SECONDS))
            .isEqualTo("ping");
      }
      assertThat(
              ping(
                      group,
                      nio,
                      a -> new Socks5ProxyHandler(a, "alice", "s3cret"),
                      locked.localAddress(),
                      byName)
                  .get(30, TimeUnit.SECONDS))
          .isEqualTo("ping");

      Future<String> wrong =
          ping(
              group,
              nio,
              a -> new Socks5ProxyHandler(a, "alice", "nope"),
              locked.localAddress(),
              byName);
      assertThat(wrong.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(wrong.cause())
          .isInstanceOfSatisfying(
              ProxyConnectException.class,
              e ->
                  assertThat(e.reason())
                      .isEqualTo(ProxyConnectException.Reason.AUTHENTICATION_FAILED));

      Future<String> refused =
          ping(group, nio, Socks5ProxyHandler::new, open.localAddress(), closedPort());
      assertThat(refused.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(refused.cause())
          .isInstanceOfSatisfying(
              ProxyConnectException.class,
              e -> assertThat(e.reply()).isEqualTo("CONNECTION_REFUSED(5)"));
      echo.close().sync();
      open.close().sync();
      locked.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  /** A port on 127.0.0.1 nobody listens on (bound and closed a moment ago). */
  private static InetSocketAddress closedPort() throws java.io.IOException {
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, InetAddress.ofLiteral("127.0.0.1"))) {
      return new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), s.getLocalPort());
    }
  }
}

package io.tern.transport.nio;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ReplaceRemoteAddressTest {
  private static final long TIMEOUT_SECONDS = 30; // hang guard only

  @Test
  void anAcceptedChannelReportsTheReplacementUntilItCloses() throws Exception {
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      InetSocketAddress client = new InetSocketAddress("192.0.2.7", 40000);
      Promise<SocketAddress> seen = group.next().newPromise();
      Promise<Throwable> refusal = group.next().newPromise();
      Channel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(NioServerSocketChannel::new)
              .childHandler(
                  new ChannelHandler() {
                    @Override
                    public void channelActive(ChannelHandlerContext ctx) {
                      Channel ch = ctx.channel();
                      try {
                        ch.replaceRemoteAddress(UnixDomainSocketAddress.of("/tmp/x"));
                      } catch (IllegalArgumentException e) {
                        refusal.trySuccess(e);
                      }
                      ch.replaceRemoteAddress(client);
                      seen.trySuccess(ch.remoteAddress());
                      ctx.fireChannelActive();
                    }
                  })
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      Channel connection =
          new Bootstrap()
              .group(group)
              .channelFactory(NioSocketChannel::new)
              .handler(new ChannelHandler() {})
              .connect(server.localAddress())
              .sync()
              .getNow();

      assertThat(seen.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
      assertThat(seen.getNow()).isEqualTo(client);
      assertThat(refusal.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
      assertThat(refusal.getNow()).isInstanceOf(IllegalArgumentException.class);
      // The other end keeps its own view: the replacement is local to the channel it was made on.
      assertThat(connection.remoteAddress()).isEqualTo(server.localAddress());
      connection.close().sync();
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void anUnconnectedChannelHasNothingToReplace() throws Exception {
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      Channel unconnected =
          new Bootstrap()
              .group(group)
              .channelFactory(NioSocketChannel::new)
              .handler(new ChannelHandler() {})
              .register()
              .sync()
              .getNow();
      InetSocketAddress client = new InetSocketAddress("192.0.2.7", 40000);
      Promise<Throwable> failure = group.next().newPromise();
      unconnected
          .eventLoop()
          .execute(
              () -> {
                try {
                  unconnected.replaceRemoteAddress(client);
                  failure.trySuccess(null);
                } catch (IllegalStateException e) {
                  failure.trySuccess(e);
                }
              });
      assertThat(failure.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
      assertThat(failure.getNow()).isInstanceOf(IllegalStateException.class);
      assertThat(unconnected.remoteAddress()).isNull();
      unconnected.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}

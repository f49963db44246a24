package io.tern.transport.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.ConnectTimeoutException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LocalChannelTest {
  private EventLoopGroup group;

  @BeforeAll
  void startGroup() throws Exception {
    group = new MultiThreadEventLoopGroup(2, LocalIoHandler.newFactory());
    for (var loop : group) {
      loop.submit(() -> {}).sync(); // start the threads now: they belong to the class
    }
  }

  @AfterAll
  void stopGroup() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  private Channel echoServer(LocalAddress address) throws Exception {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(LocalServerChannel::new)
        .childHandler(
            new ChannelHandler() {
              @Override
              public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ctx.writeAndFlush(msg);
              }
            })
        .bind(address)
        .sync()
        .getNow();
  }

  @Test
  void messagesTravelToThePeerAndBack() throws Exception {
    Channel server = echoServer(LocalAddress.ANY);
    Promise<String> reply = group.next().newPromise();
    Channel client =
        new Bootstrap()
            .group(group)
            .channelFactory(LocalChannel::new)
            .handler(
                new ChannelHandler() {
                  @Override
                  public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    ByteBuf buf = (ByteBuf) msg;
                    reply.trySuccess(buf.toString(StandardCharsets.US_ASCII));
                    buf.release();
                  }
                })
            .connect(server.localAddress())
            .sync()
            .getNow();
    client.writeAndFlush(Unpooled.copiedBuffer("ping", StandardCharsets.US_ASCII));
    assertThat(reply.get(10, TimeUnit.SECONDS)).isEqualTo("ping");
    client.close().sync();
    server.close().sync();
  }

  @Test
  void connectingToAnAddressNobodyListensOnIsRefused() throws Exception {
    Future<Channel> f =
        new Bootstrap()
            .group(group)
            .channelFactory(LocalChannel::new)
            .handler(new ChannelHandler() {})
            .connect(new LocalAddress("nobody-listens-here"))
            .await();
    assertThat(f.cause()).isInstanceOf(ConnectException.class);
  }

  @Test
  void connectTimesOutWhileTheServerLoopCannotAccept() throws Exception {
    EventLoopGroup serverGroup = new MultiThreadEventLoopGroup(1, LocalIoHandler.newFactory());
    try {
      Channel server =
          new ServerBootstrap()
              .group(serverGroup, group)
              .channelFactory(LocalServerChannel::new)
              .childHandler(new ChannelHandler() {})
              .bind(LocalAddress.ANY)
              .sync()
              .getNow();
      CountDownLatch release = new CountDownLatch(1);
      serverGroup.next().execute(() -> awaitQuietly(release)); // the server cannot accept now
      Future<Channel> f =
          new Bootstrap()
              .group(group)
              .channelFactory(LocalChannel::new)
              .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 50)
              .handler(new ChannelHandler() {})
              .connect(server.localAddress())
              .await();
      assertThat(f.cause()).isInstanceOf(ConnectTimeoutException.class);
      release.countDown();
      server.close().sync();
    } finally {
      serverGroup.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

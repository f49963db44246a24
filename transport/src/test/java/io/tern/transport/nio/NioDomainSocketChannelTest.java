package io.tern.transport.nio;

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
import io.tern.transport.channel.ChannelInputShutdownEvent;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.DefaultFileRegion;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.socket.DomainSocketChannel;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NioDomainSocketChannelTest {
  private static final long TIMEOUT_SECONDS = 30; // hang guard only

  private EventLoopGroup group;

  @TempDir Path dir;

  @BeforeAll
  void startGroup() throws Exception {
    group = new MultiThreadEventLoopGroup(2, NioIoHandler.newFactory());
    for (var loop : group) {
      loop.submit(() -> {}).sync(); // start the threads now: they belong to the class
    }
  }

  @AfterAll
  void stopGroup() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** Echoes, and with half-closure on, closes once the peer's output ended. */
  private static final class Echo implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ctx.write(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt == ChannelInputShutdownEvent.INSTANCE) {
        ctx.writeAndFlush(Unpooled.copiedBuffer("bye", StandardCharsets.US_ASCII))
            .addListener(f -> ctx.close());
      }
    }
  }

  /** Collects what it reads until the connection closes. */
  private static final class Collector implements ChannelHandler {
    final ByteBuf received = Unpooled.buffer();
    final Promise<String> closed;

    Collector(Promise<String> closed) {
      this.closed = closed;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      received.writeBytes(buf);
      buf.release();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      closed.trySuccess(received.toString(StandardCharsets.ISO_8859_1));
      received.release();
    }
  }

  private ServerChannel echoServer(UnixDomainSocketAddress address) throws Exception {
    return new ServerBootstrap()
        .group(group)
        .channelFactory(NioServerDomainSocketChannel::new)
        .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
        .childHandler(new Echo())
        .bind(address)
        .sync()
        .getNow();
  }

  private Future<Channel> connect(UnixDomainSocketAddress address, ChannelHandler handler) {
    return new Bootstrap()
        .group(group)
        .channelFactory(NioDomainSocketChannel::new)
        .handler(handler)
        .connect(address);
  }

  @Test
  void echoesThroughBootstrapsAndHalfCloses() throws Exception {
    UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("echo.sock"));
    ServerChannel server = echoServer(address);
    try {
      assertThat(server.localAddress()).isEqualTo(address);
      assertThat(Files.exists(address.getPath())).isTrue();
      Promise<String> closed = group.next().newPromise();
      DomainSocketChannel client =
          (DomainSocketChannel) connect(address, new Collector(closed)).sync().getNow();
      assertThat(client.remoteAddress()).isEqualTo(address);
      assertThat(client.isActive()).isTrue();

      byte[] data = new byte[300_000];
      new Random(7).nextBytes(data);
      client.writeAndFlush(Unpooled.wrappedBuffer(data)).sync();
      client.shutdownOutput().sync();

      assertThat(closed.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).as("hang guard").isTrue();
      String expected = new String(data, StandardCharsets.ISO_8859_1) + "bye";
      assertThat(closed.getNow()).isEqualTo(expected);
    } finally {
      server.close().sync();
    }
  }

  @Test
  void transfersAFileRegion() throws Exception {
    UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("file.sock"));
    Path file = dir.resolve("data.bin");
    byte[] data = new byte[200_000];
    new Random(11).nextBytes(data);
    Files.write(file, data);
    ServerChannel server = echoServer(address);
    try {
      Promise<String> closed = group.next().newPromise();
      DomainSocketChannel client =
          (DomainSocketChannel) connect(address, new Collector(closed)).sync().getNow();
      client.writeAndFlush(new DefaultFileRegion(file, 1000, 150_000)).sync();
      client.shutdownOutput().sync();
      assertThat(closed.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).as("hang guard").isTrue();
      String expected = new String(data, 1000, 150_000, StandardCharsets.ISO_8859_1) + "bye";
      assertThat(closed.getNow()).isEqualTo(expected);
    } finally {
      server.close().sync();
    }
  }

  @Test
  void acceptedChildrenAreDomainChannelsOfTheServer() throws Exception {
    UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("child.sock"));
    Promise<Channel> accepted = group.next().newPromise();
    ServerChannel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(NioServerDomainSocketChannel::new)
            .childHandler(
                new ChannelHandler() {
                  @Override
                  public void channelActive(ChannelHandlerContext ctx) {
                    accepted.trySuccess(ctx.channel());
                  }
                })
            .bind(address)
            .sync()
            .getNow();
    try {
      Channel client = connect(address, new ChannelHandler() {}).sync().getNow();
      assertThat(accepted.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)).as("hang guard").isTrue();
      assertThat(accepted.getNow())
          .isInstanceOfSatisfying(
              DomainSocketChannel.class,
              child -> {
                assertThat(child.parent()).isSameAs(server);
                assertThat(child.localAddress()).isEqualTo(address);
                assertThat(child.isActive()).isTrue();
              });
      client.close().sync();
    } finally {
      server.close().sync();
    }
  }

  @Test
  void closingTheServerDeletesItsSocketFile() throws Exception {
    UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("gone.sock"));
    ServerChannel server = echoServer(address);
    assertThat(Files.exists(address.getPath())).isTrue();
    server.close().sync();
    assertThat(Files.exists(address.getPath())).isFalse();
  }

  @Test
  void aClientBoundToAPathDeletesItsFileOnClose() throws Exception {
    UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("server.sock"));
    UnixDomainSocketAddress local = UnixDomainSocketAddress.of(dir.resolve("client.sock"));
    ServerChannel server = echoServer(address);
    try {
      DomainSocketChannel client =
          (DomainSocketChannel)
              new Bootstrap()
                  .group(group)
                  .channelFactory(NioDomainSocketChannel::new)
                  .handler(new ChannelHandler() {})
                  .connect(address, local)
                  .sync()
                  .getNow();
      assertThat(client.localAddress()).isEqualTo(local);
      assertThat(Files.exists(local.getPath())).isTrue();
      client.close().sync();
      assertThat(Files.exists(local.getPath())).isFalse();
    } finally {
      server.close().sync();
    }
  }

  @Test
  void bindingToAnExistingPathFailsAndLeavesTheFile() throws Exception {
    UnixDomainSocketAddress address = UnixDomainSocketAddress.of(dir.resolve("taken.sock"));
    ServerChannel first = echoServer(address);
    try {
      Future<ServerChannel> second =
          new ServerBootstrap()
              .group(group)
              .channelFactory(NioServerDomainSocketChannel::new)
              .childHandler(new Echo())
              .bind(address)
              .await();
      assertThat(second.cause()).isInstanceOf(IOException.class);
      assertThat(Files.exists(address.getPath())).as("the first server's file").isTrue();
    } finally {
      first.close().sync();
    }
  }

  @Test
  void connectingToAMissingPathFails() throws Exception {
    Future<Channel> connect =
        connect(UnixDomainSocketAddress.of(dir.resolve("missing.sock")), new ChannelHandler() {})
            .await();
    assertThat(connect.cause()).isInstanceOf(IOException.class);
  }
}

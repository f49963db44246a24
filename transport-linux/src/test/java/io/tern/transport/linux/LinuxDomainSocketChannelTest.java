package io.tern.transport.linux;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.bootstrap.ServerChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.DuplexChannel;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.epoll.EpollDomainSocketChannel;
import io.tern.transport.linux.epoll.EpollIoHandler;
import io.tern.transport.linux.epoll.EpollServerDomainSocketChannel;
import io.tern.transport.linux.iouring.IoUringDomainSocketChannel;
import io.tern.transport.linux.iouring.IoUringIoHandler;
import io.tern.transport.linux.iouring.IoUringServerDomainSocketChannel;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Unix domain stream channels of the native transports, addressed by a path. */
@ExtendWith(FdLeakCheck.class)
class LinuxDomainSocketChannelTest {

  record Transport(
      String name,
      IoHandlerFactory handlers,
      ServerChannelFactory<? extends ServerChannel> servers,
      ChannelFactory<? extends DuplexChannel> clients) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Transport> transports() {
    return Stream.of(
        new Transport(
            "epoll",
            EpollIoHandler.newFactory(),
            EpollServerDomainSocketChannel::new,
            EpollDomainSocketChannel::new),
        new Transport(
            "io_uring",
            IoUringIoHandler.newFactory(),
            IoUringServerDomainSocketChannel::new,
            IoUringDomainSocketChannel::new));
  }

  @ParameterizedTest
  @MethodSource("transports")
  void echoesOverAUnixSocketPath(Transport t, @TempDir Path dir) throws Exception {
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, t.handlers());
    try {
      UnixDomainSocketAddress path = UnixDomainSocketAddress.of(dir.resolve("echo.sock"));
      Channel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(t.servers())
              .childHandler(
                  new ChannelHandler() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                      ctx.writeAndFlush(msg);
                    }
                  })
              .bind(path)
              .sync()
              .getNow();
      assertThat(server.localAddress()).isEqualTo(path);
      byte[] data = new byte[200_000];
      new Random(5).nextBytes(data);
      ByteBuf received = Unpooled.buffer(data.length);
      Promise<Void> done = group.next().newPromise();
      Channel client =
          new Bootstrap()
              .group(group)
              .channelFactory(t.clients())
              .handler(
                  new ChannelHandler() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                      received.writeBytes((ByteBuf) msg);
                      ((ByteBuf) msg).release();
                      if (received.readableBytes() == data.length) {
                        done.trySuccess(null);
                      }
                    }
                  })
              .connect(path)
              .sync()
              .getNow();
      assertThat(client.remoteAddress()).isEqualTo(path);
      client.writeAndFlush(Unpooled.wrappedBuffer(data)).sync();
      done.get(30, TimeUnit.SECONDS);
      byte[] echoed = new byte[data.length];
      received.readBytes(echoed);
      received.release();
      assertThat(echoed).isEqualTo(data);
      client.close().sync();
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}

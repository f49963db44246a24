package io.tern.transport.linux.iouring;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ChannelFactory;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.bootstrap.ServerChannelFactory;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.linux.FdLeakCheck;
import io.tern.transport.linux.internal.uring.ZeroCopyLoans;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zero-copy sends of the io_uring channels ({@code SEND_ZC}, {@code SENDMSG_ZC}): the bytes arrive
 * intact, every loan is returned by its notification (the leak detector fails the test on a buffer
 * never released), and a socket that refuses zero-copy gets plain sends.
 */
@ExtendWith(FdLeakCheck.class)
class IoUringZeroCopySendTest {
  private static final int THRESHOLD = 16 * 1024;

  @Test
  void theKernelHereHasZeroCopySends() {
    assertThat(IoUring.features().sendZc()).isTrue();
    assertThat(IoUring.features().sendmsgZc()).isTrue();
  }

  @Test
  void largeWritesGoZeroCopyAndTheirBuffersReturnAfterTheNotifications() throws Exception {
    ZeroCopyLoans loans =
        echo(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            IoUringServerSocketChannel::new,
            IoUringSocketChannel::new);
    assertThat(loans).isNotNull();
    assertThat(loans.lent()).isGreaterThanOrEqualTo(2); // one SEND_ZC, one SENDMSG_ZC at least
    assertThat(loans.outstanding()).isZero();
  }

  @Test
  void unixSocketsRefuseZeroCopyAndGetPlainSends(@TempDir Path dir) throws Exception {
    ZeroCopyLoans loans =
        echo(
            UnixDomainSocketAddress.of(dir.resolve("zc.sock")),
            IoUringServerDomainSocketChannel::new,
            IoUringDomainSocketChannel::new);
    assertThat(loans.lent()).isEqualTo(1); // the first attempt only, then plain sends
    assertThat(loans.outstanding()).isZero();
  }

  /**
   * Echoes one large buffer (one {@code SEND_ZC}) and 64 gathered 8 KiB buffers (one {@code
   * SENDMSG_ZC}) plus small writes below the threshold through a server with the default threshold;
   * returns the client's loans after the ring shut down (so every notification came).
   */
  private static ZeroCopyLoans echo(
      SocketAddress bindTo,
      ServerChannelFactory<? extends ServerChannel> servers,
      ChannelFactory<? extends Channel> clients)
      throws Exception {
    EventLoopGroup group =
        new MultiThreadEventLoopGroup(
            2,
            IoUringIoHandler.newFactory(
                IoUringSettings.fromProperties().withSendZcThreshold(THRESHOLD)));
    IoUringStreamChannel client;
    try {
      Channel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(servers)
              .childHandler(
                  new ChannelHandler() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                      ctx.write(msg);
                    }

                    @Override
                    public void channelReadComplete(ChannelHandlerContext ctx) {
                      ctx.flush();
                    }
                  })
              .bind(bindTo)
              .sync()
              .getNow();
      byte[] data = new byte[1024 * 1024 + 64 * 8192 + 100];
      new Random(11).nextBytes(data);
      ByteBuf received = Unpooled.buffer(data.length);
      Promise<Void> done = group.next().newPromise();
      client =
          (IoUringStreamChannel)
              new Bootstrap()
                  .group(group)
                  .channelFactory(clients)
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
                  .connect(server.localAddress())
                  .sync()
                  .getNow();
      int at = 0;
      client.writeAndFlush(Unpooled.wrappedBuffer(data, at, 1024 * 1024)); // SEND_ZC
      at += 1024 * 1024;
      for (int i = 0; i < 64; i++, at += 8192) {
        client.write(Unpooled.wrappedBuffer(data, at, 8192));
      }
      client.flush(); // SENDMSG_ZC, unless the first write is still in flight: then later
      for (int i = 0; i < 100; i++, at++) {
        client.writeAndFlush(Unpooled.wrappedBuffer(data, at, 1)); // below the threshold
      }
      done.get(60, TimeUnit.SECONDS);
      byte[] echoed = new byte[data.length];
      received.readBytes(echoed);
      received.release();
      assertThat(echoed).isEqualTo(data);
      client.close().sync();
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
    return client.zeroCopyLoans();
  }
}

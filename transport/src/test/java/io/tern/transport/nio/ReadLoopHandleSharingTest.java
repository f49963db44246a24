package io.tern.transport.nio;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.AdaptiveRecvByteBufAllocator;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.channel.RecvByteBufAllocator;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A stream channel's read loops borrow their event loop's shared receive handle, so a connection
 * that has read keeps no handle object of its own (the readiness loops are shared by NIO and
 * epoll).
 */
class ReadLoopHandleSharingTest {
  private static final int CONNECTIONS = 8;
  private static final int MESSAGES = 3;

  /** Counts the handles an allocator hands out. */
  private static final class Counting implements RecvByteBufAllocator {
    final AtomicInteger own = new AtomicInteger();
    final AtomicInteger shared = new AtomicInteger();
    private final boolean sharable;

    Counting(boolean sharable) {
      this.sharable = sharable;
    }

    @Override
    public Handle newHandle() {
      own.incrementAndGet();
      return AdaptiveRecvByteBufAllocator.DEFAULT.newHandle();
    }

    @Override
    public SharedHandle newSharedHandle() {
      if (!sharable) {
        return null;
      }
      shared.incrementAndGet();
      return AdaptiveRecvByteBufAllocator.DEFAULT.newSharedHandle();
    }
  }

  @Test
  void connectionsThatReadKeepNoHandleOfTheirOwn() throws Exception {
    Counting allocator = new Counting(true);
    echo(allocator);
    assertThat(allocator.own).hasValue(0);
    assertThat(allocator.shared).hasValue(1); // the server's one event loop keeps one
  }

  @Test
  void anAllocatorWithoutSharedHandlesGivesEachConnectionItsOwn() throws Exception {
    Counting allocator = new Counting(false);
    echo(allocator);
    assertThat(allocator.own).hasValue(CONNECTIONS);
    assertThat(allocator.shared).hasValue(0);
  }

  /** Echoes a few messages over several connections to a one-loop server using the allocator. */
  private static void echo(RecvByteBufAllocator allocator) throws Exception {
    EventLoopGroup serverGroup = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    EventLoopGroup clientGroup = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      Channel server =
          new ServerBootstrap()
              .group(serverGroup)
              .channelFactory(NioServerSocketChannel::new)
              .childOption(ChannelOption.RCVBUF_ALLOCATOR, allocator)
              .childHandler(
                  new ChannelHandler() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                      ctx.writeAndFlush(msg);
                    }
                  })
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      List<Channel> clients = new ArrayList<>();
      for (int c = 0; c < CONNECTIONS; c++) {
        Echoes echoes = new Echoes();
        Channel client = connect(clientGroup, server, echoes);
        clients.add(client);
        for (int m = 0; m < MESSAGES; m++) {
          Promise<Void> back = echoes.expect(client, 100);
          client.writeAndFlush(Unpooled.wrappedBuffer(new byte[100]));
          assertThat(back.await(10, TimeUnit.SECONDS)).isTrue();
        }
      }
      for (Channel client : clients) {
        client.close().sync();
      }
      server.close().sync();
    } finally {
      clientGroup.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
      serverGroup.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }

  private static Channel connect(EventLoopGroup group, Channel server, Echoes echoes)
      throws Exception {
    return new Bootstrap()
        .group(group)
        .channelFactory(NioSocketChannel::new)
        .handler(echoes)
        .connect(server.localAddress())
        .sync()
        .getNow();
  }

  /** Completes a promise once the expected number of bytes came back. */
  private static final class Echoes implements ChannelHandler {
    private volatile Promise<Void> waiting;
    private int left;

    Promise<Void> expect(Channel ch, int bytes) {
      Promise<Void> p = ch.eventLoop().newPromise();
      ch.eventLoop()
          .execute(
              () -> {
                left = bytes;
                waiting = p;
              });
      return p;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      left -= buf.readableBytes();
      buf.release();
      if (left <= 0 && waiting != null) {
        waiting.trySuccess(null);
      }
    }
  }
}

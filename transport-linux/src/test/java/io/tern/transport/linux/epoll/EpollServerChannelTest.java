package io.tern.transport.linux.epoll;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.transport.EventLoop;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.linux.FdLeakCheck;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The epoll listening channel's edge-triggered accept loop. */
@ExtendWith(FdLeakCheck.class)
class EpollServerChannelTest {
  private final List<MultiThreadEventLoopGroup> groups = new ArrayList<>();

  @AfterEach
  void shutDown() {
    for (MultiThreadEventLoopGroup g : groups) {
      g.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  @Test
  void anAcceptLoopAtItsLimitContinuesAfterTheNextWaitRatherThanInTheTaskPass() throws Exception {
    AtomicReference<EpollIoHandler> handler = new AtomicReference<>();
    IoHandlerFactory factory = EpollIoHandler.newFactory();
    MultiThreadEventLoopGroup group =
        new MultiThreadEventLoopGroup(
            1,
            l -> {
              EpollIoHandler h = (EpollIoHandler) factory.newHandler(l);
              handler.set(h);
              return h;
            });
    groups.add(group);
    EventLoop loop = group.next();
    int n = 6;
    List<Long> waitsAtAccept = new CopyOnWriteArrayList<>();
    CountDownLatch accepted = new CountDownLatch(n);
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channelFactory(EpollServerSocketChannel::new)
            .option(ChannelOption.MAX_MESSAGES_PER_READ, 1)
            .handler(
                new ChannelHandler() {
                  @Override
                  public void channelRead(ChannelHandlerContext ctx, Object child) {
                    waitsAtAccept.add(handler.get().waits());
                    accepted.countDown();
                    ctx.fireChannelRead(child);
                  }
                })
            .childHandler(new ChannelHandler() {})
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .getNow();
    List<SocketChannel> clients = new ArrayList<>();
    try {
      // Hold the loop while every connection is queued: one edge announces all of them.
      CountDownLatch release = new CountDownLatch(1);
      CountDownLatch held = new CountDownLatch(1);
      loop.execute(
          () -> {
            held.countDown();
            try {
              release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
      for (int i = 0; i < n; i++) {
        clients.add(SocketChannel.open(server.localAddress())); // completes in the backlog
      }
      release.countDown();
      assertThat(accepted.await(10, TimeUnit.SECONDS)).isTrue();
      // One accept per loop iteration, each after its own epoll_wait: a continuation run as a
      // task would have taken the rest in one task pass, all at the same wait count.
      assertThat(waitsAtAccept).hasSize(n).isSorted().doesNotHaveDuplicates();
    } finally {
      for (SocketChannel c : clients) {
        c.close();
      }
      server.close().sync();
    }
  }
}

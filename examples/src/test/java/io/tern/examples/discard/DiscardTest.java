package io.tern.examples.discard;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class DiscardTest {

  @Test
  void serverHandlerCountsAndReleasesWhatItReads() {
    LongAdder bytes = new LongAdder();
    long[] reported = {-1};
    EmbeddedChannel ch = new EmbeddedChannel(new DiscardServerHandler(bytes, n -> reported[0] = n));
    ByteBuf buf = Unpooled.buffer().writeZero(100);
    ch.writeInbound(buf, Unpooled.buffer().writeZero(20));
    assertThat(buf.refCnt()).isZero();
    assertThat(bytes.sum()).isEqualTo(120);
    assertThat(ch.finish()).isFalse();
    assertThat(reported[0]).isEqualTo(120);
  }

  @Test
  void clientHandlerSendsItsBudgetThenCompletesAndCloses() {
    Promise<Long> done = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    EmbeddedChannel ch =
        new EmbeddedChannel(new DiscardClientHandler(10, 25, Long.MAX_VALUE, done));
    long total = 0;
    for (ByteBuf buf; (buf = ch.readOutbound()) != null; ) {
      total += buf.readableBytes();
      buf.release();
    }
    assertThat(total).isEqualTo(25);
    assertThat(done.getNow()).isEqualTo(25L);
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void clientHandlerWaitsForWritabilityThenResumes() {
    Promise<Long> done = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.userDefinedWritability(1, false);
    ch.pipeline().addLast(new DiscardClientHandler(10, 25, Long.MAX_VALUE, done));
    assertThat(ch.outboundMessages()).isEmpty();
    ch.userDefinedWritability(1, true);
    ch.runPendingTasks();
    long total = 0;
    for (ByteBuf buf; (buf = ch.readOutbound()) != null; ) {
      total += buf.readableBytes();
      buf.release();
    }
    assertThat(total).isEqualTo(25);
    assertThat(done.getNow()).isEqualTo(25L);
  }

  @Test
  void clientHandlerStopsAtItsDeadline() {
    Promise<Long> done = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.userDefinedWritability(1, false); // nothing leaves: only the deadline can end the run
    ch.pipeline()
        .addLast(new DiscardClientHandler(1000, Long.MAX_VALUE, TimeUnit.SECONDS.toNanos(5), done));
    ch.advanceTimeBy(4, TimeUnit.SECONDS);
    assertThat(done.isDone()).isFalse();
    ch.advanceTimeBy(1, TimeUnit.SECONDS);
    ch.releaseOutbound();
    assertThat(done.getNow()).isZero();
    assertThat(ch.isOpen()).isFalse();
  }

  @Test
  void serverCountsEveryByteTheClientSentOverNioLoopback() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    try {
      LongAdder bytes = new LongAdder();
      Promise<Long> received = group.next().newPromise();
      ServerChannel server =
          DiscardServer.start(
                  nio,
                  group,
                  new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                  bytes,
                  received::trySuccess)
              .sync()
              .getNow();
      Future<Long> sent =
          DiscardClient.run(nio, group, server.localAddress(), 8192, 3_000_000, Long.MAX_VALUE);
      assertThat(sent.await(60, TimeUnit.SECONDS)).as("hang guard").isTrue();
      assertThat(sent.getNow()).isEqualTo(3_000_000L);
      // The client closes after its last write; the server sees the end of input after every byte.
      assertThat(received.await(60, TimeUnit.SECONDS)).as("hang guard").isTrue();
      assertThat(received.getNow()).isEqualTo(3_000_000L);
      assertThat(bytes.sum()).isEqualTo(3_000_000L);
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}

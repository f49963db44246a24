package io.tern.examples.uptime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.MockTicker;
import io.tern.common.concurrent.Ticker;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.handler.timeout.IdleStateHandler;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.bootstrap.ServerBootstrap;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ServerChannel;
import io.tern.transport.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class UptimeClientTest {

  @Test
  void closesWhenNothingIsReadForTheTimeoutAndAsksForAReconnectOnce() {
    MockTicker ticker = Ticker.newMockTicker();
    List<String> log = new CopyOnWriteArrayList<>();
    AtomicInteger gone = new AtomicInteger();
    ticker.advance(3, TimeUnit.SECONDS); // the client started 3 s before this connection
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new IdleStateHandler(10, 0, 0),
            new UptimeClientHandler(ticker, 0, log::add, gone::incrementAndGet));
    ch.writeInbound(Unpooled.copiedBuffer("noise", StandardCharsets.US_ASCII)); // dropped
    assertThat(ch.inboundMessages()).isEmpty();

    ch.advanceTimeBy(9, TimeUnit.SECONDS);
    assertThat(ch.isOpen()).as("9 s after the last read it stays open").isTrue();
    ch.advanceTimeBy(1, TimeUnit.SECONDS);
    assertThat(ch.isOpen()).isFalse();
    assertThat(gone).hasValue(1);
    assertThat(log)
        .hasSize(3)
        .satisfies(l -> assertThat(l.get(0)).startsWith("Connected to").endsWith("(uptime 3 s)"))
        .satisfies(l -> assertThat(l.get(1)).startsWith("Nothing read for a while"))
        .satisfies(l -> assertThat(l.get(2)).startsWith("Disconnected from"));
  }

  /** Counts connections and closes the first one at once: the server going away. */
  private static final class ClosesTheFirstConnection implements ChannelHandler {
    final AtomicInteger accepted = new AtomicInteger();
    final CountDownLatch secondConnection = new CountDownLatch(1);

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      if (accepted.incrementAndGet() == 1) {
        ctx.close();
      } else {
        secondConnection.countDown();
      }
    }
  }

  @Test
  void reconnectsAfterTheServerClosesTheConnection() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(2, nio.ioHandlerFactory());
    try {
      ClosesTheFirstConnection counter = new ClosesTheFirstConnection();
      ServerChannel server =
          new ServerBootstrap()
              .group(group)
              .channelFactory(nio.serverChannelFactory())
              .childHandler(counter)
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      List<String> log = new CopyOnWriteArrayList<>();
      UptimeClient client =
          new UptimeClient(
              nio,
              group,
              server.localAddress(),
              Duration.ofMinutes(5),
              Duration.ofMillis(10),
              log::add);
      client.connect();
      assertThat(counter.secondConnection.await(30, TimeUnit.SECONDS)).as("hang guard").isTrue();
      client.stop();
      assertThat(log).anyMatch(l -> l.startsWith("Disconnected from"));
      assertThat(log).anyMatch(l -> l.startsWith("Reconnecting to"));
      assertThat(log.stream().filter(l -> l.startsWith("Connected to")).count())
          .isGreaterThanOrEqualTo(1);
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}

package io.tern.handler.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The shared handler on several embedded channels; the dispatcher and the clock are those of a
 * separate embedded channel ({@code clock}), which the tests move forward.
 */
class GlobalTrafficShapingHandlerTest {
  private final EmbeddedChannel clock = new EmbeddedChannel();
  private final List<EmbeddedChannel> channels = new ArrayList<>();

  private EmbeddedChannel channel(GlobalTrafficShapingHandler shaper) {
    EmbeddedChannel ch = new EmbeddedChannel(shaper);
    channels.add(ch);
    return ch;
  }

  private void advance(long millis) {
    clock.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
  }

  @AfterEach
  void closeAll() {
    for (EmbeddedChannel ch : channels) {
      ch.finishAndReleaseAll();
    }
    clock.finishAndReleaseAll();
  }

  private static ByteBuf bytes(int n) {
    return Unpooled.wrappedBuffer(new byte[n]);
  }

  /** Reads and releases outbound buffers; returns their sizes in order. */
  private static List<Integer> drain(EmbeddedChannel ch) {
    List<Integer> sizes = new ArrayList<>();
    ByteBuf buf;
    while ((buf = ch.readOutbound()) != null) {
      sizes.add(buf.readableBytes());
      buf.release();
    }
    return sizes;
  }

  @Test
  void oneLimitIsSharedByAllChannels() {
    GlobalTrafficShapingHandler shaper =
        new GlobalTrafficShapingHandler(clock.eventLoop(), 1000, 0);
    EmbeddedChannel a = channel(shaper);
    EmbeddedChannel b = channel(shaper);

    Future<Void> first = a.writeAndFlush(bytes(500));
    Future<Void> second = b.writeAndFlush(bytes(500));

    assertThat(first.isSuccess()).isTrue();
    assertThat(drain(a)).containsExactly(500);
    assertThat(second.isDone()).isFalse();
    assertThat(shaper.queuedBytes()).isEqualTo(500);
    advance(499);
    assertThat(drain(b)).isEmpty();
    advance(1);
    assertThat(second.isSuccess()).isTrue();
    assertThat(drain(b)).containsExactly(500);
    assertThat(shaper.queuedBytes()).isZero();
    assertThat(shaper.cumulativeWrittenBytes()).isEqualTo(1000);
    assertThat(shaper.channelCount()).isEqualTo(2);
  }

  @Test
  void waitingChannelsAreServedInTurnSoABigWriterCannotStarveASmallOne() {
    GlobalTrafficShapingHandler shaper =
        new GlobalTrafficShapingHandler(clock.eventLoop(), 1000, 0);
    EmbeddedChannel big = channel(shaper);
    EmbeddedChannel small = channel(shaper);

    big.writeAndFlush(bytes(100)); // straight through: the link is busy for 100 ms
    for (int i = 0; i < 5; i++) {
      big.writeAndFlush(bytes(100));
    }
    Future<Void> smallWrite = small.writeAndFlush(bytes(100));

    assertThat(drain(big)).containsExactly(100);
    advance(100);
    assertThat(drain(big)).containsExactly(100);
    assertThat(smallWrite.isDone()).isFalse();
    advance(100);
    // Its turn came before the big writer's four other waiting messages.
    assertThat(smallWrite.isSuccess()).isTrue();
    assertThat(drain(small)).containsExactly(100);
    assertThat(drain(big)).isEmpty();
    for (int i = 0; i < 4; i++) {
      advance(100);
    }
    assertThat(drain(big)).containsExactly(100, 100, 100, 100);
  }

  @Test
  void aChannelsWritesKeepTheirOrder() {
    GlobalTrafficShapingHandler shaper =
        new GlobalTrafficShapingHandler(clock.eventLoop(), 1000, 0);
    EmbeddedChannel ch = channel(shaper);

    ch.writeAndFlush(bytes(300));
    ch.writeAndFlush(bytes(200));
    advance(295); // the link has room again, but the 200 still waits: the next write queues
    ch.writeAndFlush(bytes(1));
    advance(1000);
    advance(1000);

    assertThat(drain(ch)).containsExactly(300, 200, 1);
  }

  @Test
  void tooManyWaitingBytesMakeTheChannelUnwritableUntilTheyGo() {
    GlobalTrafficShapingHandler shaper =
        new GlobalTrafficShapingHandler(clock.eventLoop(), 1000, 0, 15_000, 150);
    EmbeddedChannel ch = channel(shaper);

    ch.writeAndFlush(bytes(100));
    ch.writeAndFlush(bytes(100));
    assertThat(ch.isWritable()).isTrue();
    ch.writeAndFlush(bytes(100));
    assertThat(ch.isWritable()).isFalse();

    advance(100);
    assertThat(drain(ch)).containsExactly(100, 100);
    assertThat(ch.isWritable()).as("150 / 2 or less must be left").isFalse();
    advance(100);
    assertThat(drain(ch)).containsExactly(100);
    assertThat(ch.isWritable()).isTrue();
  }

  @Test
  void closingAChannelReleasesAndFailsItsWaitingWritesOnly() {
    GlobalTrafficShapingHandler shaper = new GlobalTrafficShapingHandler(clock.eventLoop(), 100, 0);
    EmbeddedChannel a = channel(shaper);
    EmbeddedChannel b = channel(shaper);
    a.writeAndFlush(bytes(100));
    ByteBuf payload = bytes(100);
    Future<Void> waiting = a.writeAndFlush(payload);
    Future<Void> other = b.writeAndFlush(bytes(100));

    a.close();

    assertThat(waiting.cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(payload.refCnt()).isZero();
    advance(2000);
    assertThat(other.isSuccess()).isTrue();
    assertThat(drain(b)).containsExactly(100);
  }

  @Test
  void removingTheHandlerWritesWhatWaits() {
    GlobalTrafficShapingHandler shaper = new GlobalTrafficShapingHandler(clock.eventLoop(), 100, 0);
    EmbeddedChannel ch = channel(shaper);
    ch.writeAndFlush(bytes(100));
    Future<Void> waiting = ch.writeAndFlush(bytes(100));

    ch.pipeline().remove(shaper);

    assertThat(waiting.isSuccess()).isTrue();
    assertThat(drain(ch)).containsExactly(100, 100);
    assertThat(shaper.queuedBytes()).isZero();
    assertThat(shaper.channelCount()).isZero();
  }

  @Test
  void readsOverTheSharedLimitPauseTheChannelsThatReadUntilTheLinkCatchesUp() {
    GlobalTrafficShapingHandler shaper =
        new GlobalTrafficShapingHandler(clock.eventLoop(), 0, 1000);
    EmbeddedChannel a = channel(shaper);
    EmbeddedChannel b = channel(shaper);

    a.writeInbound(bytes(500));
    b.writeInbound(bytes(100));

    ByteBuf read = a.readInbound();
    assertThat(read.readableBytes()).isEqualTo(500);
    read.release();
    b.releaseInbound();
    assertThat(a.config().autoRead()).isFalse();
    assertThat(b.config().autoRead()).isFalse();
    advance(500);
    assertThat(a.config().autoRead()).isTrue();
    assertThat(b.config().autoRead()).isFalse();
    advance(100);
    assertThat(b.config().autoRead()).isTrue();
    assertThat(shaper.cumulativeReadBytes()).isEqualTo(600);
  }

  @Test
  void noLimitsMeanNoWaiting() {
    GlobalTrafficShapingHandler shaper = new GlobalTrafficShapingHandler(clock.eventLoop(), 0, 0);
    EmbeddedChannel ch = channel(shaper);

    Future<Void> write = ch.writeAndFlush(bytes(1 << 20));
    ch.writeInbound(bytes(1 << 20));

    assertThat(write.isSuccess()).isTrue();
    assertThat(drain(ch)).containsExactly(1 << 20);
    assertThat(ch.config().autoRead()).isTrue();
  }
}

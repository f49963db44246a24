package io.tern.handler.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Future;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ChannelTrafficShapingHandlerTest {

  private static ByteBuf bytes(int n) {
    return Unpooled.wrappedBuffer(new byte[n]);
  }

  /** Reads and releases outbound buffers; returns how many there were. */
  private static int drain(EmbeddedChannel ch) {
    int count = 0;
    ByteBuf buf;
    while ((buf = ch.readOutbound()) != null) {
      buf.release();
      count++;
    }
    return count;
  }

  @Test
  void writesUnderTheLimitPassStraightThrough() {
    EmbeddedChannel ch = new EmbeddedChannel(new ChannelTrafficShapingHandler(1 << 20, 0));

    Future<Void> write = ch.writeAndFlush(bytes(100));

    assertThat(write.isSuccess()).isTrue();
    assertThat(drain(ch)).isEqualTo(1);
    ch.finishAndReleaseAll();
  }

  @Test
  void writesOverTheLimitAreDelayedInOrderNotDropped() {
    ChannelTrafficShapingHandler shaper = new ChannelTrafficShapingHandler(1000, 0);
    EmbeddedChannel ch = new EmbeddedChannel(shaper);

    Future<Void> first = ch.writeAndFlush(bytes(500));
    Future<Void> second = ch.writeAndFlush(bytes(500));
    Future<Void> last = ch.writeAndFlush(bytes(1));

    assertThat(drain(ch)).isZero();
    assertThat(shaper.queuedBytes()).isEqualTo(1001);
    ch.advanceTimeBy(499, TimeUnit.MILLISECONDS);
    assertThat(drain(ch)).isZero();
    ch.advanceTimeBy(1, TimeUnit.MILLISECONDS);
    assertThat(first.isSuccess()).isTrue();
    assertThat(second.isDone()).isFalse();
    assertThat(drain(ch)).isEqualTo(1);
    ch.advanceTimeBy(500, TimeUnit.MILLISECONDS);
    assertThat(second.isSuccess()).isTrue();
    assertThat(last.isDone()).isFalse();
    assertThat(drain(ch)).isEqualTo(1);
    ch.advanceTimeBy(1, TimeUnit.MILLISECONDS);
    assertThat(last.isSuccess()).isTrue();
    assertThat(drain(ch)).isEqualTo(1);
    assertThat(shaper.queuedBytes()).isZero();
    assertThat(shaper.trafficCounter().cumulativeWrittenBytes()).isEqualTo(1001);
    ch.finishAndReleaseAll();
  }

  @Test
  void noWriteWaitsLongerThanTheMaximum() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new ChannelTrafficShapingHandler(10, 0, 1000, 2000, 1 << 20));

    Future<Void> write = ch.writeAndFlush(bytes(1000)); // 100 s at the limit

    ch.advanceTimeBy(1999, TimeUnit.MILLISECONDS);
    assertThat(write.isDone()).isFalse();
    ch.advanceTimeBy(1, TimeUnit.MILLISECONDS);
    assertThat(write.isSuccess()).isTrue();
    assertThat(drain(ch)).isEqualTo(1);
    ch.finishAndReleaseAll();
  }

  @Test
  void tooManyDelayedBytesMakeTheChannelUnwritableUntilTheyGo() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new ChannelTrafficShapingHandler(1000, 0, 1000, 15_000, 1500));

    ch.writeAndFlush(bytes(1000));
    assertThat(ch.isWritable()).isTrue();
    ch.writeAndFlush(bytes(1000));
    assertThat(ch.isWritable()).isFalse();

    ch.advanceTimeBy(2, TimeUnit.SECONDS);
    assertThat(drain(ch)).isEqualTo(2);
    assertThat(ch.isWritable()).isTrue();
    ch.finishAndReleaseAll();
  }

  @Test
  void readsOverTheLimitAreDeliveredButPauseAutoReadForTheWait() {
    EmbeddedChannel ch = new EmbeddedChannel(new ChannelTrafficShapingHandler(0, 1000));

    ch.writeInbound(bytes(2000));

    ByteBuf read = ch.readInbound();
    assertThat(read.readableBytes()).isEqualTo(2000);
    read.release();
    assertThat(ch.config().autoRead()).isFalse();
    ch.advanceTimeBy(1999, TimeUnit.MILLISECONDS);
    assertThat(ch.config().autoRead()).isFalse();
    ch.advanceTimeBy(1, TimeUnit.MILLISECONDS);
    assertThat(ch.config().autoRead()).isTrue();
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void readsUnderTheLimitLeaveAutoReadOn() {
    EmbeddedChannel ch = new EmbeddedChannel(new ChannelTrafficShapingHandler(0, 1 << 20));

    ch.writeInbound(bytes(100));

    assertThat(ch.config().autoRead()).isTrue();
    ch.finishAndReleaseAll();
  }

  @Test
  void closingReleasesDelayedWritesAndFailsThem() {
    EmbeddedChannel ch = new EmbeddedChannel(new ChannelTrafficShapingHandler(100, 0));
    ByteBuf payload = bytes(1000);

    Future<Void> write = ch.writeAndFlush(payload);
    ch.close();

    assertThat(write.cause()).isInstanceOf(ClosedChannelException.class);
    assertThat(payload.refCnt()).isZero();
    ch.finishAndReleaseAll();
  }

  @Test
  void removingTheHandlerWritesWhatWaits() {
    ChannelTrafficShapingHandler shaper = new ChannelTrafficShapingHandler(100, 0);
    EmbeddedChannel ch = new EmbeddedChannel(shaper);

    Future<Void> write = ch.writeAndFlush(bytes(1000));
    ch.pipeline().remove(shaper);

    assertThat(write.isSuccess()).isTrue();
    assertThat(drain(ch)).isEqualTo(1);
    ch.finishAndReleaseAll();
  }

  @Test
  void windowThroughputIsMeasuredPerCheckInterval() {
    ChannelTrafficShapingHandler shaper = new ChannelTrafficShapingHandler(0, 0, 1000, 15_000, 1);
    EmbeddedChannel ch = new EmbeddedChannel(shaper);

    ch.writeAndFlush(bytes(3000));
    ch.writeInbound(bytes(500));
    ch.advanceTimeBy(1, TimeUnit.SECONDS);
    ch.writeAndFlush(bytes(1)); // rolls the window

    assertThat(shaper.trafficCounter().lastWriteThroughput()).isEqualTo(3000);
    assertThat(shaper.trafficCounter().lastReadThroughput()).isEqualTo(500);
    ch.finishAndReleaseAll();
  }

  @Test
  void aWriteUnderTheLimitNeverOvertakesADelayedOne() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new ChannelTrafficShapingHandler(1000, 0, 100, 15_000, 1 << 20));

    Future<Void> big = ch.writeAndFlush(bytes(500));
    ch.advanceTimeBy(200, TimeUnit.MILLISECONDS); // a new window: the next byte is under the limit
    Future<Void> small = ch.writeAndFlush(bytes(1));

    assertThat(small.isDone()).isFalse();
    ch.advanceTimeBy(300, TimeUnit.MILLISECONDS);
    assertThat(big.isSuccess()).isTrue();
    assertThat(small.isSuccess()).isTrue();
    ByteBuf first = ch.readOutbound();
    ByteBuf second = ch.readOutbound();
    assertThat(first.readableBytes()).isEqualTo(500);
    assertThat(second.readableBytes()).isEqualTo(1);
    first.release();
    second.release();
    ch.finishAndReleaseAll();
  }
}

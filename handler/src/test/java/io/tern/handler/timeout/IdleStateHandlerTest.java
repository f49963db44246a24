package io.tern.handler.timeout;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdleStateHandlerTest {

  /** Collects the idle events that reach it. */
  static final class Events implements ChannelHandler {
    final List<IdleStateEvent> seen = new ArrayList<>();

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      if (evt instanceof IdleStateEvent e) {
        seen.add(e);
      } else {
        ctx.fireUserEventTriggered(evt);
      }
    }

    List<IdleStateEvent> drain() {
      List<IdleStateEvent> copy = List.copyOf(seen);
      seen.clear();
      return copy;
    }
  }

  private final Events events = new Events();

  private EmbeddedChannel channel(long reader, long writer, long all) {
    return new EmbeddedChannel(new IdleStateHandler(reader, writer, all, MILLISECONDS), events);
  }

  @Test
  void readerIdleFiresAfterThePeriodThenRepeatsAsNotFirst() {
    EmbeddedChannel ch = channel(1000, 0, 0);

    ch.advanceTimeBy(999, MILLISECONDS);
    assertThat(events.drain()).isEmpty();
    ch.advanceTimeBy(1, MILLISECONDS);
    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);
    ch.advanceTimeBy(1000, MILLISECONDS);
    assertThat(events.drain()).containsExactly(IdleStateEvent.READER_IDLE_STATE_EVENT);
    ch.finish();
  }

  @Test
  void aReadPostponesReaderIdleAndMakesTheNextEventFirstAgain() {
    EmbeddedChannel ch = channel(1000, 0, 0);
    ch.advanceTimeBy(1000, MILLISECONDS);
    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);

    ch.advanceTimeBy(600, MILLISECONDS);
    ch.writeInbound("ping"); // read completes at 1600
    ch.advanceTimeBy(999, MILLISECONDS);
    assertThat(events.drain()).isEmpty();
    ch.advanceTimeBy(1, MILLISECONDS);
    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);
    assertThat((String) ch.readInbound()).isEqualTo("ping");
    ch.finish();
  }

  @Test
  void writerIdleCountsCompletedWritesOnly() {
    EmbeddedChannel ch = channel(0, 1000, 0);
    ch.advanceTimeBy(500, MILLISECONDS);
    ch.write("pending"); // not flushed: its future stays open

    ch.advanceTimeBy(500, MILLISECONDS);
    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_WRITER_IDLE_STATE_EVENT);

    ch.flush(); // completes the write at 1000
    ch.advanceTimeBy(999, MILLISECONDS);
    assertThat(events.drain()).isEmpty();
    ch.advanceTimeBy(1, MILLISECONDS);
    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_WRITER_IDLE_STATE_EVENT);
    assertThat((String) ch.readOutbound()).isEqualTo("pending");
    ch.finish();
  }

  @Test
  void aCompletedVoidPromiseWriteCountsAsWriterActivity() {
    EmbeddedChannel ch = channel(0, 1000, 0);
    ch.advanceTimeBy(500, MILLISECONDS);

    ch.writeAndFlush("out", ch.voidPromise()); // completes at 500
    ch.advanceTimeBy(999, MILLISECONDS);
    assertThat(events.drain()).isEmpty();
    ch.advanceTimeBy(1, MILLISECONDS);

    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_WRITER_IDLE_STATE_EVENT);
    ch.finishAndReleaseAll();
  }

  @Test
  void allIdleNeedsNeitherReadsNorWrites() {
    EmbeddedChannel ch = channel(0, 0, 1000);
    ch.advanceTimeBy(700, MILLISECONDS);
    ch.writeOutbound("out"); // at 700
    ch.advanceTimeBy(700, MILLISECONDS);
    ch.writeInbound("in"); // at 1400
    ch.advanceTimeBy(999, MILLISECONDS);
    assertThat(events.drain()).isEmpty();

    ch.advanceTimeBy(1, MILLISECONDS);

    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_ALL_IDLE_STATE_EVENT);
    ch.finishAndReleaseAll();
  }

  @Test
  void allKindsFireIndependently() {
    EmbeddedChannel ch = channel(1000, 2000, 3000);

    for (int second = 0; second < 3; second++) {
      ch.advanceTimeBy(1000, MILLISECONDS);
    }

    assertThat(events.drain())
        .extracting(IdleStateEvent::state)
        .containsExactly( // equal deadlines run in scheduling order
            IdleState.READER_IDLE, // 1000
            IdleState.WRITER_IDLE, // 2000, scheduled at 0
            IdleState.READER_IDLE, // 2000, rescheduled at 1000
            IdleState.ALL_IDLE, // 3000, scheduled at 0
            IdleState.READER_IDLE); // 3000, rescheduled at 2000
    ch.finish();
  }

  @Test
  void removalCancelsEveryTimer() {
    IdleStateHandler handler = new IdleStateHandler(1000, 1000, 1000, MILLISECONDS);
    EmbeddedChannel ch = new EmbeddedChannel(handler, events);

    ch.pipeline().remove(handler);
    ch.advanceTimeBy(10_000, MILLISECONDS);

    assertThat(events.drain()).isEmpty();
    assertThat(ch.runScheduledPendingTasks()).isEqualTo(-1);
    ch.finish();
  }

  @Test
  void closingStopsTheTimers() {
    EmbeddedChannel ch = channel(1000, 0, 0);

    ch.finish();
    ch.advanceTimeBy(10_000, MILLISECONDS);

    assertThat(events.drain()).isEmpty();
  }

  @Test
  void zeroTimesScheduleNothing() {
    IdleStateHandler handler = new IdleStateHandler(0, 0, 0, MILLISECONDS);
    EmbeddedChannel ch = new EmbeddedChannel(handler, events);

    assertThat(ch.runScheduledPendingTasks()).isEqualTo(-1);
    assertThat(handler.readerIdleTime(MILLISECONDS)).isZero();
    ch.finish();
  }

  @Test
  void addedToAnActiveChannelStartsAtOnce() {
    EmbeddedChannel ch = new EmbeddedChannel(events);
    ch.advanceTimeBy(5000, MILLISECONDS);

    ch.pipeline().addFirst("idle", new IdleStateHandler(1000, 0, 0, MILLISECONDS));
    ch.advanceTimeBy(999, MILLISECONDS);
    assertThat(events.drain()).isEmpty();
    ch.advanceTimeBy(1, MILLISECONDS);

    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);
    ch.finish();
  }

  @Test
  void subMillisecondTimesAreRaisedToOneMillisecond() {
    IdleStateHandler handler =
        new IdleStateHandler(1, 0, 0, java.util.concurrent.TimeUnit.NANOSECONDS);

    assertThat(handler.readerIdleTime(java.util.concurrent.TimeUnit.NANOSECONDS))
        .isEqualTo(1_000_000);
  }

  @Test
  void observingOutputCountsAProgressingWriteAsActivity() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new IdleStateHandler(true, 0, 1000, 0, MILLISECONDS), events);
    ByteBuf big = Unpooled.wrappedBuffer(new byte[1000]);
    ch.write(big); // not flushed: it stays pending, as behind a slow peer

    ch.advanceTimeBy(600, MILLISECONDS);
    big.skipBytes(100); // what a transport does when it writes part of a buffer
    ch.advanceTimeBy(400, MILLISECONDS);
    assertThat(events.drain()).isEmpty();
    ch.advanceTimeBy(999, MILLISECONDS);
    big.skipBytes(100);
    ch.advanceTimeBy(1, MILLISECONDS);
    assertThat(events.drain()).isEmpty();

    ch.advanceTimeBy(1000, MILLISECONDS); // no progress in this period
    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_WRITER_IDLE_STATE_EVENT);
    ch.finishAndReleaseAll();
  }

  @Test
  void withoutObservingOutputAProgressingWriteIsStillIdle() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new IdleStateHandler(0, 1000, 0, MILLISECONDS), events);
    ByteBuf big = Unpooled.wrappedBuffer(new byte[1000]);
    ch.write(big);

    ch.advanceTimeBy(600, MILLISECONDS);
    big.skipBytes(100);
    ch.advanceTimeBy(400, MILLISECONDS);

    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_WRITER_IDLE_STATE_EVENT);
    ch.finishAndReleaseAll();
  }

  @Test
  void observingOutputStillReportsAStuckWrite() {
    IdleStateHandler handler = new IdleStateHandler(true, 0, 0, 1000, MILLISECONDS);
    EmbeddedChannel ch = new EmbeddedChannel(handler, events);
    ch.write(Unpooled.wrappedBuffer(new byte[1000]));

    ch.advanceTimeBy(1000, MILLISECONDS);

    assertThat(handler.isObserveOutput()).isTrue();
    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_ALL_IDLE_STATE_EVENT);
    ch.finishAndReleaseAll();
  }

  @Test
  void observingOutputFollowsTheNextPendingWriteOnceTheFirstCompletes() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new IdleStateHandler(true, 0, 0, 1000, MILLISECONDS), events);
    ch.writeAndFlush(Unpooled.wrappedBuffer(new byte[10])); // completes at once
    ByteBuf second = Unpooled.wrappedBuffer(new byte[1000]);
    ch.write(second);

    ch.advanceTimeBy(500, MILLISECONDS);
    second.skipBytes(1);
    ch.advanceTimeBy(500, MILLISECONDS);
    assertThat(events.drain()).isEmpty();
    ch.advanceTimeBy(1000, MILLISECONDS);
    assertThat(events.drain()).containsExactly(IdleStateEvent.FIRST_ALL_IDLE_STATE_EVENT);
    ch.finishAndReleaseAll();
  }
}

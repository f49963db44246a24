package io.tern.transport.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.transport.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class RecvByteBufAllocatorTest {

  /** Simulates one read loop where every read fills {@code filled} bytes of the buffer. */
  private static int loop(RecvByteBufAllocator.Handle h, ChannelConfig config, int available) {
    h.reset(config);
    return loopAfterReset(h, available);
  }

  @Test
  void adaptiveGuessGrowsQuicklyWhenBuffersFillAndShrinksSlowly() {
    EmbeddedChannel ch = new EmbeddedChannel();
    RecvByteBufAllocator.Handle h = AdaptiveRecvByteBufAllocator.DEFAULT.newHandle();
    assertThat(h.guess()).isEqualTo(2048);

    loop(h, ch.config(), 1 << 20); // every buffer fills: grows to the maximum
    assertThat(h.guess()).isEqualTo(65536);

    loop(h, ch.config(), 10); // one small loop: no change yet
    assertThat(h.guess()).isEqualTo(65536);
    loop(h, ch.config(), 10); // the second in a row shrinks one step
    assertThat(h.guess()).isEqualTo(32768);
    ch.finish();
  }

  @Test
  void theLoopStopsAtMaxMessagesPerRead() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ch.config().setOption(ChannelOption.MAX_MESSAGES_PER_READ, 3);
    RecvByteBufAllocator.Handle h = new FixedRecvByteBufAllocator(100).newHandle();

    assertThat(loop(h, ch.config(), 10_000)).isEqualTo(3);
    ch.finish();
  }

  @Test
  void theLoopStopsAtMaxBytesPerReadAndBuffersAreCappedPerIndividualRead() {
    EmbeddedChannel ch = new EmbeddedChannel();
    AdaptiveRecvByteBufAllocator alloc =
        new AdaptiveRecvByteBufAllocator(64, 8192, 65536, 10_000, 4096);
    RecvByteBufAllocator.Handle h = alloc.newHandle();
    h.reset(ch.config());
    ByteBuf first = h.allocate(ByteBufAllocator.DEFAULT);
    assertThat(first.writableBytes()).isEqualTo(4096); // capped per read
    first.release();

    assertThat(loop(h, ch.config(), 1 << 20)).isEqualTo(3); // 4096 + 4096 + 1808 = 10,000
    ch.finish();
  }

  @Test
  void aPartialReadOrAutoReadOffEndsTheLoop() {
    EmbeddedChannel ch = new EmbeddedChannel();
    RecvByteBufAllocator.Handle h = new FixedRecvByteBufAllocator(100).newHandle();
    assertThat(loop(h, ch.config(), 150)).isEqualTo(2); // 100, then 50 < 100: no more data likely

    ch.config().autoRead(false);
    assertThat(loop(h, ch.config(), 10_000)).isEqualTo(1); // one buffer per read() request
    ch.finish();
  }

  @Test
  void aSharedHandleGivesEachChannelTheGuessesItsOwnHandleWouldGive() {
    EmbeddedChannel ch = new EmbeddedChannel();
    AdaptiveRecvByteBufAllocator alloc = AdaptiveRecvByteBufAllocator.DEFAULT;
    RecvByteBufAllocator.Handle ownBusy = alloc.newHandle();
    RecvByteBufAllocator.Handle ownQuiet = alloc.newHandle();
    RecvByteBufAllocator.SharedHandle shared = alloc.newSharedHandle();
    int busyState = 0;
    int quietState = 0;
    int[] busyLoads = {1 << 20, 1 << 20, 10, 10, 10, 5000};
    int[] quietLoads = {10, 10, 10, 10, 3000, 10};
    for (int i = 0; i < busyLoads.length; i++) {
      loop(ownBusy, ch.config(), busyLoads[i]);
      shared.reset(ch.config(), busyState);
      loopAfterReset(shared, busyLoads[i]);
      busyState = shared.state();

      loop(ownQuiet, ch.config(), quietLoads[i]);
      shared.reset(ch.config(), quietState);
      loopAfterReset(shared, quietLoads[i]);
      quietState = shared.state();

      shared.reset(ch.config(), busyState);
      assertThat(shared.guess()).isEqualTo(ownBusy.guess());
      shared.reset(ch.config(), quietState);
      assertThat(shared.guess()).isEqualTo(ownQuiet.guess());
    }
    assertThat(ownBusy.guess()).isNotEqualTo(ownQuiet.guess()); // the two states did differ
    ch.finish();
  }

  @Test
  void theInitialStateIsZeroAndAStateFromAnotherRangeIsClamped() {
    EmbeddedChannel ch = new EmbeddedChannel();
    RecvByteBufAllocator.SharedHandle wide = AdaptiveRecvByteBufAllocator.DEFAULT.newSharedHandle();
    wide.reset(ch.config(), 0);
    assertThat(wide.state()).isZero();
    loop(wide, ch.config(), 1 << 20); // grows to 64 KiB
    int grown = wide.state();
    assertThat(grown).isNotZero();

    RecvByteBufAllocator.SharedHandle narrow =
        new AdaptiveRecvByteBufAllocator(64, 1024, 4096).newSharedHandle();
    narrow.reset(ch.config(), grown);
    assertThat(narrow.guess()).isEqualTo(4096);
    narrow.reset(ch.config(), 0);
    assertThat(narrow.guess()).isEqualTo(1024);
    ch.finish();
  }

  /** {@link #loop} without its {@code reset}: the caller reset the handle (with a state or not). */
  private static int loopAfterReset(RecvByteBufAllocator.Handle h, int available) {
    int reads = 0;
    do {
      ByteBuf buf = h.allocate(ByteBufAllocator.DEFAULT);
      try {
        int attempted = buf.writableBytes();
        h.attemptedBytesRead(attempted);
        int n = Math.min(attempted, available);
        available -= n;
        h.lastBytesRead(n);
        if (n <= 0) {
          break;
        }
        h.incMessagesRead(1);
        reads++;
      } finally {
        buf.release();
      }
    } while (h.continueReading());
    h.readComplete();
    return reads;
  }

  @Test
  void rejectsInconsistentSizes() {
    assertThatThrownBy(() -> new AdaptiveRecvByteBufAllocator(100, 50, 1000))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FixedRecvByteBufAllocator(0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

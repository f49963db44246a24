package io.tern.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HashedWheelTimerTest {

  private record Fired(String name, long atNanos) {}

  @Test
  void timeoutsFireInDeadlineOrderNeverEarlyIncludingLaterRounds() throws Exception {
    MockTicker ticker = Ticker.newMockTicker();
    HashedWheelTimer timer =
        new HashedWheelTimer(
            new DefaultThreadFactory("wheel", true), 1, TimeUnit.MILLISECONDS, 16, ticker);
    try {
      List<Fired> fired = new CopyOnWriteArrayList<>();
      CountDownLatch all = new CountDownLatch(3);
      long[] delays = {5, 40, 100}; // 40 and 100 lie beyond one turn of a 16-slot wheel
      String[] names = {"a", "b", "c"};
      for (int i = 2; i >= 0; i--) {
        String name = names[i];
        timer.newTimeout(
            t -> {
              fired.add(new Fired(name, ticker.nanoTime()));
              all.countDown();
            },
            delays[i],
            TimeUnit.MILLISECONDS);
      }
      Timeout cancelled =
          timer.newTimeout(t -> fired.add(new Fired("x", 0)), 50, TimeUnit.MILLISECONDS);
      assertThat(cancelled.cancel()).isTrue();
      assertThat(cancelled.cancel()).isFalse();
      for (int ms = 0; ms < 150; ms++) {
        ticker.advance(1, TimeUnit.MILLISECONDS);
      }
      all.await();
      assertThat(fired).extracting(Fired::name).containsExactly("a", "b", "c");
      for (int i = 0; i < 3; i++) {
        assertThat(fired.get(i).atNanos()).isGreaterThanOrEqualTo(delays[i] * 1_000_000);
      }
      assertThat(cancelled.isExpired()).isFalse();
    } finally {
      timer.stop();
    }
  }

  @Test
  void stopReturnsPendingTimeoutsAndRejectsNewOnes() {
    MockTicker ticker = Ticker.newMockTicker();
    HashedWheelTimer timer =
        new HashedWheelTimer(
            new DefaultThreadFactory("wheel", true), 1, TimeUnit.MILLISECONDS, 8, ticker);
    Timeout pending = timer.newTimeout(t -> {}, 1, TimeUnit.HOURS);
    assertThat(timer.stop()).containsExactly(pending);
    assertThatThrownBy(() -> timer.newTimeout(t -> {}, 1, TimeUnit.SECONDS))
        .isInstanceOf(RejectedExecutionException.class);
  }
}

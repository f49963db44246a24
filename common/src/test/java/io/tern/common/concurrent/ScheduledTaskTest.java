package io.tern.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Scheduling on a mock clock: no sleeps, assertions on order and state only. */
class ScheduledTaskTest {
  private final MockTicker ticker = Ticker.newMockTicker();
  private final DefaultEventExecutor ex =
      new DefaultEventExecutor(null, new DefaultThreadFactory("sched", true), ticker);

  @AfterEach
  void shutdown() throws Exception {
    ex.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
  }

  /** Advances the clock, then waits until every task due by the new time has run. */
  private void advanceAndDrain(long amount, TimeUnit unit) throws Exception {
    ticker.advance(amount, unit);
    // Due at the current time, with the newest id: it runs after everything due until now.
    ex.schedule(() -> {}, 0, TimeUnit.NANOSECONDS).sync();
  }

  @Test
  void tasksRunInDeadlineOrderAndOnlyWhenDue() throws Exception {
    List<String> ran = new CopyOnWriteArrayList<>();
    ScheduledFuture<?> c = ex.schedule(() -> ran.add("c"), 30, TimeUnit.MILLISECONDS);
    ScheduledFuture<?> a = ex.schedule(() -> ran.add("a"), 10, TimeUnit.MILLISECONDS);
    ScheduledFuture<?> b = ex.schedule(() -> ran.add("b"), 20, TimeUnit.MILLISECONDS);
    advanceAndDrain(15, TimeUnit.MILLISECONDS);
    assertThat(ran).containsExactly("a");
    assertThat(a.isSuccess()).isTrue();
    assertThat(b.isDone()).isFalse();
    advanceAndDrain(100, TimeUnit.MILLISECONDS);
    assertThat(ran).containsExactly("a", "b", "c");
    assertThat(c.isSuccess()).isTrue();
  }

  @Test
  void equalDeadlinesRunInSchedulingOrder() throws Exception {
    List<Integer> ran = new CopyOnWriteArrayList<>();
    for (int i = 0; i < 50; i++) {
      int n = i;
      ex.schedule(() -> ran.add(n), 5, TimeUnit.SECONDS);
    }
    advanceAndDrain(5, TimeUnit.SECONDS);
    assertThat(ran).hasSize(50).isSorted();
  }

  @Test
  void callableResultCompletesTheFuture() throws Exception {
    ScheduledFuture<String> f = ex.schedule(() -> "result", 1, TimeUnit.SECONDS);
    assertThat(f.getDelay(TimeUnit.MILLISECONDS)).isEqualTo(1000);
    advanceAndDrain(1, TimeUnit.SECONDS);
    assertThat(f.getNow()).isEqualTo("result");
  }

  @Test
  void fixedRateCatchesUpOnMissedPeriods() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    ScheduledFuture<?> f =
        ex.scheduleAtFixedRate(runs::incrementAndGet, 10, 10, TimeUnit.MILLISECONDS);
    advanceAndDrain(35, TimeUnit.MILLISECONDS);
    assertThat(runs.get()).isEqualTo(3); // at 10, 20 and 30
    advanceAndDrain(10, TimeUnit.MILLISECONDS);
    assertThat(runs.get()).isEqualTo(4); // at 40
    assertThat(f.cancel(false)).isTrue();
    advanceAndDrain(100, TimeUnit.MILLISECONDS);
    assertThat(runs.get()).isEqualTo(4);
  }

  @Test
  void fixedDelayCountsFromTheEndOfTheLastRun() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    ex.scheduleWithFixedDelay(runs::incrementAndGet, 10, 10, TimeUnit.MILLISECONDS);
    advanceAndDrain(35, TimeUnit.MILLISECONDS);
    // Ran once at 35 (late); the next run is due at 45, not 20 and 30.
    assertThat(runs.get()).isEqualTo(1);
    advanceAndDrain(9, TimeUnit.MILLISECONDS);
    assertThat(runs.get()).isEqualTo(1);
    advanceAndDrain(1, TimeUnit.MILLISECONDS);
    assertThat(runs.get()).isEqualTo(2);
  }

  @Test
  void periodicTaskThatThrowsStopsAndFails() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    ScheduledFuture<?> f =
        ex.scheduleAtFixedRate(
            () -> {
              runs.incrementAndGet();
              throw new IllegalStateException("periodic failure (expected by the test)");
            },
            1,
            1,
            TimeUnit.SECONDS);
    advanceAndDrain(5, TimeUnit.SECONDS);
    assertThat(runs.get()).isEqualTo(1);
    assertThat(f.cause()).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void cancelFromAnotherThreadPreventsTheRun() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    ScheduledFuture<?> f = ex.schedule(runs::incrementAndGet, 10, TimeUnit.MILLISECONDS);
    assertThat(f.cancel(false)).isTrue();
    advanceAndDrain(1, TimeUnit.SECONDS);
    assertThat(runs.get()).isZero();
    assertThat(f.isCancelled()).isTrue();
    assertThat(ex.submit(ex::scheduledTaskCount).sync().getNow()).isZero();
  }

  @Test
  void cancelInsideTheLoopRemovesFromTheScheduleAtOnce() throws Exception {
    int removed =
        ex.submit(
                () -> {
                  ScheduledFuture<?>[] fs = new ScheduledFuture<?>[100];
                  for (int i = 0; i < fs.length; i++) {
                    fs[i] = ex.schedule(() -> {}, i + 1, TimeUnit.SECONDS);
                  }
                  for (int i = fs.length - 1; i >= 0; i -= 2) {
                    fs[i].cancel(false);
                  }
                  return 100 - ex.scheduledTaskCount();
                })
            .sync()
            .getNow();
    assertThat(removed).isEqualTo(50);
  }

  @Test
  void cancellationRacingExecutionEitherRunsOrCancelsNeverBoth() throws Exception {
    for (int i = 0; i < 500; i++) {
      AtomicInteger runs = new AtomicInteger();
      ScheduledFuture<?> f = ex.schedule(runs::incrementAndGet, 1, TimeUnit.MILLISECONDS);
      CountDownLatch go = new CountDownLatch(1);
      Thread canceller =
          new Thread(
              () -> {
                try {
                  go.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                f.cancel(false);
              });
      canceller.start();
      ticker.advance(1, TimeUnit.MILLISECONDS);
      go.countDown();
      ex.execute(() -> {}); // wakes the loop while the canceller races it
      canceller.join();
      advanceAndDrain(0, TimeUnit.MILLISECONDS);
      assertThat(f.isDone()).isTrue();
      assertThat(runs.get()).isEqualTo(f.isCancelled() ? 0 : 1);
      assertThat(f.isSuccess()).isEqualTo(runs.get() == 1);
    }
  }

  @Test
  void scheduleFromAnotherThreadWakesAnIdleLoopForAnEarlierDeadline() throws Exception {
    ex.schedule(() -> {}, 1, TimeUnit.HOURS);
    ex.submit(() -> {}).sync(); // the loop now waits towards the one-hour deadline
    CountDownLatch ran = new CountDownLatch(1);
    ex.schedule(ran::countDown, 0, TimeUnit.SECONDS);
    ran.await();
    assertThat(ran.getCount()).isZero();
  }
}

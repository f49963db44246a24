package io.tern.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SingleThreadEventExecutorTest {

  private static DefaultEventExecutor newExecutor(Ticker ticker) {
    return new DefaultEventExecutor(null, new DefaultThreadFactory("test", true), ticker);
  }

  @Test
  void tasksRunInSubmissionOrderOnTheLoopThread() throws Exception {
    DefaultEventExecutor ex = newExecutor(Ticker.system());
    try {
      List<Integer> order = new ArrayList<>();
      AtomicReference<Thread> loopThread = new AtomicReference<>();
      for (int i = 0; i < 1000; i++) {
        int n = i;
        ex.execute(
            () -> {
              order.add(n);
              loopThread.compareAndSet(null, Thread.currentThread());
              assertThat(ex.inEventLoop()).isTrue();
            });
      }
      ex.submit(() -> {}).sync();
      assertThat(order).hasSize(1000).isSorted();
      assertThat(ex.inEventLoop()).isFalse();
      assertThat(ex.inEventLoop(loopThread.get())).isTrue();
      assertThat(loopThread.get()).isInstanceOf(FastThreadLocalThread.class);
    } finally {
      ex.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void tasksSubmittedDuringTheQuietPeriodRunAndLaterOnesAreRejected() throws Exception {
    MockTicker ticker = Ticker.newMockTicker();
    DefaultEventExecutor ex = newExecutor(ticker);
    ex.submit(() -> {}).sync();
    Future<?> termination = ex.shutdownGracefully(2, 10, TimeUnit.SECONDS);
    assertThat(ex.isShuttingDown()).isTrue();
    assertThat(ex.isShutdown()).isFalse();

    // The mock clock stands still, so the quiet period cannot end before the task is accepted.
    Future<String> during = ex.submit(() -> "ran");
    assertThat(during.sync().getNow()).isEqualTo("ran");
    assertThat(termination.isDone()).isFalse();

    // The loop stamps the end of its pass after the task completed the promise, possibly after an
    // advance made here; keep moving the frozen clock until the loop sees a quiet period pass.
    do {
      ticker.advance(3, TimeUnit.SECONDS);
    } while (!termination.await(50, TimeUnit.MILLISECONDS));
    assertThat(ex.isTerminated()).isTrue();
    assertThatThrownBy(() -> ex.execute(() -> {})).isInstanceOf(RejectedExecutionException.class);
  }

  @Test
  void shutdownTimeoutEndsAnExecutorThatKeepsReceivingTasks() throws Exception {
    MockTicker ticker = Ticker.newMockTicker();
    DefaultEventExecutor ex = newExecutor(ticker);
    Future<?> termination = ex.shutdownGracefully(1, 5, TimeUnit.SECONDS);
    // A task every 0.9 s keeps the 1 s quiet period from ever passing; only the timeout ends it.
    int submitted = 0;
    while (!termination.await(10, TimeUnit.MILLISECONDS) && submitted < 1000) {
      try {
        ex.submit(() -> {}).await(100, TimeUnit.MILLISECONDS);
        submitted++;
      } catch (RejectedExecutionException e) {
        // Shut down between the check and the submit.
      }
      ticker.advance(900, TimeUnit.MILLISECONDS);
    }
    assertThat(termination.isDone()).isTrue();
    assertThat(ex.isTerminated()).isTrue();
    assertThat(submitted).isGreaterThanOrEqualTo(5);
  }

  @Test
  void shutdownCancelsScheduledTasks() throws Exception {
    DefaultEventExecutor ex = newExecutor(Ticker.newMockTicker());
    ScheduledFuture<?> later = ex.schedule(() -> {}, 1, TimeUnit.HOURS);
    ex.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    assertThat(later.isCancelled()).isTrue();
  }

  @Test
  void lazyTaskRunsWhenTheLoopWakesForAnotherTask() throws Exception {
    DefaultEventExecutor ex = newExecutor(Ticker.system());
    try {
      ex.submit(() -> {}).sync();
      List<String> order = new ArrayList<>();
      ex.lazyExecute(() -> order.add("lazy"));
      ex.submit(() -> order.add("eager")).sync();
      assertThat(order).containsExactly("lazy", "eager");
    } finally {
      ex.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void noWakeupIsLostUnderManyConcurrentProducers() throws Exception {
    DefaultEventExecutor ex = newExecutor(Ticker.system());
    try {
      int producers = 4;
      int rounds = 2_000;
      AtomicInteger ran = new AtomicInteger();
      List<Thread> threads = new ArrayList<>();
      for (int p = 0; p < producers; p++) {
        Thread t =
            new Thread(
                () -> {
                  for (int r = 0; r < rounds; r++) {
                    CountDownLatch latch = new CountDownLatch(1);
                    ex.execute(
                        () -> {
                          ran.incrementAndGet();
                          latch.countDown();
                        });
                    // Each task must run without further help: a lost wake-up hangs here.
                    try {
                      latch.await();
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                      return;
                    }
                  }
                });
        threads.add(t);
        t.start();
      }
      for (Thread t : threads) {
        t.join();
      }
      assertThat(ran.get()).isEqualTo(producers * rounds);
    } finally {
      ex.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void awaitNeverMissesACompletionRacingIt() throws Exception {
    DefaultEventExecutor ex = newExecutor(Ticker.system());
    try {
      // Each sync races the loop completing the task; a lost notifyAll hangs here.
      for (int i = 0; i < 20_000; i++) {
        ex.submit(() -> {}).sync();
      }
      assertThat(ex.isShuttingDown()).isFalse();
    } finally {
      ex.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void taskThatThrowsDoesNotStopTheLoop() throws Exception {
    DefaultEventExecutor ex = newExecutor(Ticker.system());
    try {
      ex.execute(
          () -> {
            throw new IllegalStateException("task failure (expected by the test)");
          });
      assertThat(ex.submit(() -> 42).sync().getNow()).isEqualTo(42);
    } finally {
      ex.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void groupSpreadsTasksRoundRobinAndTerminatesTogether() throws Exception {
    DefaultEventExecutorGroup group = new DefaultEventExecutorGroup(3);
    List<EventExecutor> picked = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      picked.add(group.next());
    }
    assertThat(picked.subList(0, 3)).doesNotHaveDuplicates();
    assertThat(picked.subList(3, 6)).isEqualTo(picked.subList(0, 3));
    assertThat(group.executorCount()).isEqualTo(3);
    group.submit(() -> {}).sync();
    group.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    assertThat(group.isTerminated()).isTrue();
    for (EventExecutor e : group) {
      assertThat(e.isTerminated()).isTrue();
    }
  }

  @Test
  void powerOfTwoChooserCyclesThroughAllExecutors() {
    EventExecutor[] executors = new EventExecutor[4];
    for (int i = 0; i < executors.length; i++) {
      executors[i] = newExecutor(Ticker.system());
    }
    EventExecutorChooserFactory.Chooser chooser =
        EventExecutorChooserFactory.roundRobin().newChooser(executors);
    for (int round = 0; round < 3; round++) {
      for (EventExecutor e : executors) {
        assertThat(chooser.next()).isSameAs(e);
      }
    }
  }
}

package io.tern.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Bounded randomized stress of the lock-free listener hand-over: several threads add listeners
 * while another completes the promise. Every listener must run exactly once, never two at a time,
 * and each adder's listeners in the order that adder added them.
 */
class DefaultPromiseListenerStressTest {
  private static final int ROUNDS = 2_000;
  private static final int ADDERS = 3;
  private static final int PER_ADDER = 4;
  private static final int TOTAL = ADDERS * PER_ADDER;

  private static final ExecutorService THREADS = Executors.newFixedThreadPool(ADDERS + 1);

  @AfterAll
  static void shutdown() {
    THREADS.shutdownNow();
  }

  @Test
  void racingAddersAndCompleterOnTheImmediateExecutorRunEveryListenerOnceInOrder()
      throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      runRound(ImmediateEventExecutor.INSTANCE, round);
    }
  }

  @Test
  void racingAddersAndCompleterOnALoopRunEveryListenerOnceInOrder() throws Exception {
    DefaultEventExecutor loop = new DefaultEventExecutor();
    try {
      for (int round = 0; round < ROUNDS; round++) {
        runRound(loop, round);
      }
    } finally {
      loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  private static void runRound(EventExecutor executor, int round) throws Exception {
    Promise<String> promise = new DefaultPromise<>(executor);
    int[] log = new int[TOTAL];
    AtomicInteger runs = new AtomicInteger();
    AtomicInteger running = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    List<java.util.concurrent.Future<?>> tasks = new ArrayList<>();
    for (int a = 0; a < ADDERS; a++) {
      int adder = a;
      tasks.add(
          THREADS.submit(
              () -> {
                start.await();
                for (int seq = 0; seq < PER_ADDER; seq++) {
                  int id = adder * PER_ADDER + seq;
                  promise.addListener(
                      f -> {
                        if (running.getAndIncrement() != 0) {
                          overlaps.incrementAndGet();
                        }
                        int slot = runs.getAndIncrement();
                        if (slot < TOTAL) {
                          log[slot] = id;
                        }
                        running.decrementAndGet();
                      });
                  spin();
                }
                return null;
              }));
    }
    tasks.add(
        THREADS.submit(
            () -> {
              start.await();
              spin();
              promise.setSuccess("done");
              return null;
            }));
    start.countDown();
    for (java.util.concurrent.Future<?> task : tasks) {
      task.get(60, TimeUnit.SECONDS); // hang guard only
    }
    // Notifications handed to a loop were submitted before this no-op returns.
    executor.submit(() -> {}).get(60, TimeUnit.SECONDS);

    assertThat(runs.get()).as("listener runs in round %d", round).isEqualTo(TOTAL);
    assertThat(overlaps.get()).as("overlapping listeners in round %d", round).isZero();
    int[] nextSeq = new int[ADDERS];
    for (int id : log) {
      int adder = id / PER_ADDER;
      assertThat(id % PER_ADDER)
          .as("order of adder %d's listeners in round %d", adder, round)
          .isEqualTo(nextSeq[adder]);
      nextSeq[adder]++;
    }
  }

  private static void spin() {
    int n = ThreadLocalRandom.current().nextInt(50);
    for (int i = 0; i < n; i++) {
      Thread.onSpinWait();
    }
  }
}

package io.tern.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class VirtualThreadOffloadGroupTest {

  @Test
  void tasksOfOneKeyRunInOrderOneAtATimeOnVirtualThreads() throws Exception {
    try (VirtualThreadOffloadGroup group = new VirtualThreadOffloadGroup("offload")) {
      Executor serial = group.newSerialExecutor();
      List<Integer> order = new ArrayList<>(); // unsynchronised on purpose: tasks are serial
      AtomicInteger concurrent = new AtomicInteger();
      AtomicInteger maxConcurrent = new AtomicInteger();
      CountDownLatch done = new CountDownLatch(1);
      List<Boolean> virtual = new ArrayList<>();
      for (int i = 0; i < 2_000; i++) {
        int n = i;
        serial.execute(
            () -> {
              maxConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
              order.add(n);
              virtual.add(Thread.currentThread().isVirtual());
              concurrent.decrementAndGet();
            });
      }
      serial.execute(done::countDown);
      done.await();
      assertThat(order).hasSize(2_000).isSorted();
      assertThat(maxConcurrent.get()).isEqualTo(1);
      assertThat(virtual).containsOnly(true);
    }
  }

  @Test
  void perKeyOrderHoldsUnderConcurrentProducers() throws Exception {
    try (VirtualThreadOffloadGroup group = new VirtualThreadOffloadGroup("offload")) {
      int keys = 4;
      int producersPerKey = 3;
      int perProducer = 1_000;
      List<Executor> serials = new ArrayList<>();
      List<ConcurrentLinkedQueue<long[]>> seen = new ArrayList<>();
      for (int k = 0; k < keys; k++) {
        serials.add(group.newSerialExecutor());
        seen.add(new ConcurrentLinkedQueue<>());
      }
      CountDownLatch all = new CountDownLatch(keys * producersPerKey * perProducer);
      List<Thread> producers = new ArrayList<>();
      for (int k = 0; k < keys; k++) {
        for (int p = 0; p < producersPerKey; p++) {
          int key = k;
          int producer = p;
          Thread t =
              new Thread(
                  () -> {
                    for (int i = 0; i < perProducer; i++) {
                      long seq = i;
                      serials
                          .get(key)
                          .execute(
                              () -> {
                                seen.get(key).add(new long[] {producer, seq});
                                all.countDown();
                              });
                    }
                  });
          producers.add(t);
          t.start();
        }
      }
      for (Thread t : producers) {
        t.join();
      }
      all.await();
      for (ConcurrentLinkedQueue<long[]> q : seen) {
        long[] last = new long[producersPerKey];
        java.util.Arrays.fill(last, -1);
        for (long[] e : q) {
          assertThat(e[1]).isGreaterThan(last[(int) e[0]]);
          last[(int) e[0]] = e[1];
        }
        assertThat(q).hasSize(producersPerKey * perProducer);
      }
    }
  }

  @Test
  void blockingOffloadedWorkDoesNotStallTheLoop() throws Exception {
    DefaultEventExecutor loop = new DefaultEventExecutor();
    try (VirtualThreadOffloadGroup group = new VirtualThreadOffloadGroup("offload")) {
      Executor serial = group.newSerialExecutor();
      CountDownLatch release = new CountDownLatch(1);
      CountDownLatch blockedDone = new CountDownLatch(1);
      loop.execute(
          () ->
              serial.execute(
                  () -> {
                    try {
                      release.await();
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                    blockedDone.countDown();
                  }));
      // The loop stays responsive while the offloaded task blocks.
      assertThat(loop.submit(() -> "alive").sync().getNow()).isEqualTo("alive");
      assertThat(blockedDone.getCount()).isEqualTo(1);
      release.countDown();
      blockedDone.await();
    } finally {
      loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void closedGroupRejectsNewWork() {
    VirtualThreadOffloadGroup group = new VirtualThreadOffloadGroup("offload");
    Executor serial = group.newSerialExecutor();
    group.close();
    assertThat(group.isClosed()).isTrue();
    assertThatThrownBy(() -> serial.execute(() -> {}))
        .isInstanceOf(RejectedExecutionException.class);
  }
}

package io.tern.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.DefaultThreadFactory;
import io.tern.common.concurrent.EventExecutorChooserFactory;
import io.tern.common.concurrent.Ticker;
import io.tern.transport.local.LocalIoHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SingleThreadEventLoopTest {
  private final MultiThreadEventLoopGroup group =
      new MultiThreadEventLoopGroup(1, LocalIoHandler.newFactory());

  @AfterEach
  void shutdown() throws Exception {
    group.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
  }

  /** Records events on the loop thread. */
  private static final class RecordingHandle implements IoHandle {
    final List<Long> values = new CopyOnWriteArrayList<>();
    final AtomicBoolean onLoop = new AtomicBoolean(true);
    final AtomicBoolean closed = new AtomicBoolean();
    final EventLoop loop;
    final CountDownLatch seen;

    RecordingHandle(EventLoop loop, int expected) {
      this.loop = loop;
      this.seen = new CountDownLatch(expected);
    }

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      if (!loop.inEventLoop()) {
        onLoop.set(false);
      }
      values.add(((LocalIoHandler.Event) event).ops().value());
      seen.countDown();
    }

    @Override
    public void close() {
      closed.set(true);
    }
  }

  @Test
  void tasksRunOnTheLoopThreadInOrder() throws Exception {
    EventLoop loop = group.next();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      int n = i;
      loop.execute(() -> order.add(n));
    }
    assertThat(loop.submit(() -> loop.inEventLoop()).sync().getNow()).isTrue();
    assertThat(order).hasSize(100).isSorted();
    // The iteration is recorded after its tasks ran, so it may lag the sync() above a moment.
    while (loop.metrics().iterations() == 0) {
      Thread.onSpinWait();
    }
  }

  @Test
  void registeredHandleReceivesEventsSubmittedFromAnyThread() throws Exception {
    EventLoop loop = group.next();
    RecordingHandle handle = new RecordingHandle(loop, 3);
    IoRegistration registration = loop.register(handle).sync().getNow();
    assertThat(loop.metrics().registeredHandles()).isEqualTo(1);
    for (long v = 1; v <= 3; v++) {
      registration.submit(new LocalIoHandler.Ready(v));
    }
    handle.seen.await();
    assertThat(handle.values).containsExactly(1L, 2L, 3L);
    assertThat(handle.onLoop).isTrue();
    assertThat(loop.submit(registration::cancel).sync().getNow()).isTrue();
    assertThat(loop.submit(() -> loop.metrics().registeredHandles()).sync().getNow()).isZero();
  }

  @Test
  void shutdownClosesRegisteredHandles() throws Exception {
    EventLoop loop = group.next();
    RecordingHandle handle = new RecordingHandle(loop, 0);
    loop.register(handle).sync();
    group.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    assertThat(handle.closed).isTrue();
  }

  @Test
  void noWakeupIsLostForTasksOrIoFromManyThreads() throws Exception {
    EventLoop loop = group.next();
    RecordingHandle handle = new RecordingHandle(loop, 0);
    IoRegistration registration = loop.register(handle).sync().getNow();
    int producers = 4;
    int rounds = 2_000;
    AtomicInteger ran = new AtomicInteger();
    List<Thread> threads = new ArrayList<>();
    for (int p = 0; p < producers; p++) {
      boolean viaIo = p % 2 == 0;
      Thread t =
          new Thread(
              () -> {
                for (int r = 0; r < rounds; r++) {
                  CountDownLatch latch = new CountDownLatch(1);
                  if (viaIo) {
                    loop.execute(
                        () -> {
                          ran.incrementAndGet();
                          latch.countDown();
                        });
                    registration.submit(new LocalIoHandler.Ready(r));
                  } else {
                    loop.schedule(
                        () -> {
                          ran.incrementAndGet();
                          latch.countDown();
                        },
                        0,
                        TimeUnit.NANOSECONDS);
                  }
                  try {
                    latch.await(); // a lost wake-up hangs here
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
  }

  @Test
  void scheduledTasksRunOnTheMockClock() throws Exception {
    var ticker = Ticker.newMockTicker();
    MultiThreadEventLoopGroup mockGroup =
        new MultiThreadEventLoopGroup(
            1,
            new DefaultThreadFactory("mock-loop", true),
            LocalIoHandler.newFactory(),
            EventExecutorChooserFactory.roundRobin(),
            ticker);
    try {
      EventLoop loop = mockGroup.next();
      List<String> ran = new CopyOnWriteArrayList<>();
      loop.schedule(() -> ran.add("late"), 2, TimeUnit.SECONDS);
      loop.schedule(() -> ran.add("early"), 1, TimeUnit.SECONDS);
      ticker.advance(1, TimeUnit.SECONDS);
      loop.schedule(() -> {}, 0, TimeUnit.SECONDS).sync();
      assertThat(ran).containsExactly("early");
      ticker.advance(1, TimeUnit.SECONDS);
      loop.schedule(() -> {}, 0, TimeUnit.SECONDS).sync();
      assertThat(ran).containsExactly("early", "late");
    } finally {
      mockGroup.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void defaultThreadCountIsTwicePerCoreUnlessConfigured() {
    assertThat(MultiThreadEventLoopGroup.DEFAULT_THREADS)
        .isEqualTo(
            Integer.getInteger(
                "io.tern.transport.eventLoopThreads",
                2 * Runtime.getRuntime().availableProcessors()));
  }

  @Test
  void nonPowerOfTwoGroupCyclesThroughAllLoops() throws Exception {
    MultiThreadEventLoopGroup three = new MultiThreadEventLoopGroup(3, LocalIoHandler.newFactory());
    try {
      List<EventLoop> picked = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        picked.add(three.next());
      }
      assertThat(picked.subList(0, 3)).doesNotHaveDuplicates();
      assertThat(picked.subList(3, 6)).isEqualTo(picked.subList(0, 3));
    } finally {
      three.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }
}

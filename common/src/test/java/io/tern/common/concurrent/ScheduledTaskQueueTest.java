package io.tern.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/** Bounded randomized check of the indexed heap against a sorted-set model. */
class ScheduledTaskQueueTest {
  private static final Callable<Void> NOOP = () -> null;
  private static final DefaultEventExecutor OWNER = new DefaultEventExecutor();

  private static ScheduledTask<Void> task(long deadline) {
    return new ScheduledTask<>(OWNER, NOOP, deadline, 0);
  }

  @Test
  void randomAddPollAndRemoveMatchASortedModel() {
    SplittableRandom random = new SplittableRandom(42);
    for (int round = 0; round < 50; round++) {
      ScheduledTaskQueue queue = new ScheduledTaskQueue();
      TreeSet<ScheduledTask<?>> model =
          new TreeSet<>(
              Comparator.<ScheduledTask<?>>comparingLong(t -> t.deadlineNanos)
                  .thenComparingLong(t -> t.id));
      List<ScheduledTask<?>> live = new ArrayList<>();
      for (int op = 0; op < 2_000; op++) {
        int choice = random.nextInt(10);
        if (choice < 5 || live.isEmpty()) {
          ScheduledTask<?> t = task(random.nextLong(-1_000, 1_000));
          queue.add(t);
          model.add(t);
          live.add(t);
        } else if (choice < 8) {
          ScheduledTask<?> t = live.remove(random.nextInt(live.size()));
          assertThat(queue.remove(t)).isTrue();
          assertThat(queue.remove(t)).isFalse();
          model.remove(t);
        } else {
          ScheduledTask<?> polled = queue.poll();
          assertThat((Object) polled).isSameAs(model.pollFirst());
          live.remove(polled);
        }
        assertThat(queue.size()).isEqualTo(model.size());
        assertThat((Object) queue.peek()).isSameAs(model.isEmpty() ? null : model.first());
      }
    }
  }

  @Test
  void deadlinesCompareAcrossLongOverflow() {
    ScheduledTaskQueue queue = new ScheduledTaskQueue();
    ScheduledTask<?> late = task(Long.MIN_VALUE + 10); // just past the wrap
    ScheduledTask<?> early = task(Long.MAX_VALUE - 10);
    queue.add(late);
    queue.add(early);
    assertThat((Object) queue.poll()).isSameAs(early);
    assertThat((Object) queue.poll()).isSameAs(late);
  }
}

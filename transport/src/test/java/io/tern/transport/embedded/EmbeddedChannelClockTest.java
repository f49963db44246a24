package io.tern.transport.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EmbeddedChannelClockTest {

  @Test
  void scheduledTaskRunsOnlyOnceTheFrozenClockReachesItsDeadline() {
    EmbeddedChannel ch = new EmbeddedChannel();
    List<String> ran = new ArrayList<>();
    ch.eventLoop().schedule(() -> ran.add("later"), 10, TimeUnit.SECONDS);

    ch.runPendingTasks();
    ch.advanceTimeBy(9, TimeUnit.SECONDS);
    assertThat(ran).isEmpty();

    ch.advanceTimeBy(1, TimeUnit.SECONDS);
    assertThat(ran).containsExactly("later");
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void dueTasksRunInDeadlineOrder() {
    EmbeddedChannel ch = new EmbeddedChannel();
    List<Integer> ran = new ArrayList<>();
    ch.eventLoop().schedule(() -> ran.add(3), 3, TimeUnit.MILLISECONDS);
    ch.eventLoop().schedule(() -> ran.add(1), 1, TimeUnit.MILLISECONDS);
    ch.eventLoop().schedule(() -> ran.add(2), 2, TimeUnit.MILLISECONDS);

    ch.advanceTimeBy(5, TimeUnit.MILLISECONDS);

    assertThat(ran).containsExactly(1, 2, 3);
    ch.finish();
  }

  @Test
  void runScheduledPendingTasksReportsTheDelayToTheNextTask() {
    EmbeddedChannel ch = new EmbeddedChannel();
    assertThat(ch.runScheduledPendingTasks()).isEqualTo(-1);
    ch.eventLoop().schedule(() -> {}, 250, TimeUnit.NANOSECONDS);

    assertThat(ch.runScheduledPendingTasks()).isEqualTo(250);
    ch.advanceTimeBy(100, TimeUnit.NANOSECONDS);
    assertThat(ch.runScheduledPendingTasks()).isEqualTo(150);
    ch.finish();
  }

  @Test
  void fixedRateTaskRunsOncePerPeriodOfAdvancedTime() {
    EmbeddedChannel ch = new EmbeddedChannel();
    int[] runs = new int[1];
    ch.eventLoop().scheduleAtFixedRate(() -> runs[0]++, 1, 1, TimeUnit.SECONDS);

    for (int i = 0; i < 5; i++) {
      ch.advanceTimeBy(1, TimeUnit.SECONDS);
    }

    assertThat(runs[0]).isEqualTo(5);
    ch.finish();
  }

  @Test
  void cancelledTaskNeverRuns() {
    EmbeddedChannel ch = new EmbeddedChannel();
    int[] runs = new int[1];
    ScheduledFuture<?> f = ch.eventLoop().schedule(() -> runs[0]++, 1, TimeUnit.SECONDS);

    assertThat(f.cancel(false)).isTrue();
    ch.advanceTimeBy(2, TimeUnit.SECONDS);

    assertThat(runs[0]).isZero();
    assertThat(ch.runScheduledPendingTasks()).isEqualTo(-1);
    ch.finish();
  }

  @Test
  void closeCancelsTasksThatAreNotDue() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ScheduledFuture<?> f = ch.eventLoop().schedule(() -> {}, 1, TimeUnit.HOURS);

    assertThat(ch.finish()).isFalse();

    assertThat(f.isCancelled()).isTrue();
    assertThat(ch.runScheduledPendingTasks()).isEqualTo(-1);
  }
}

package io.tern.common.concurrent;

import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link TimerTask}s after a delay.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use a timer.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds each task until it runs or is cancelled; it never retains or releases what a task refers
 * to.
 */
public interface Timer {
  /**
   * Schedules {@code task} to run once after {@code delay}.
   *
   * @param task the task
   * @param delay the delay
   * @param unit the unit of {@code delay}
   * @return a handle that can cancel the task
   * @throws java.util.concurrent.RejectedExecutionException if the timer is stopped
   */
  Timeout newTimeout(TimerTask task, long delay, TimeUnit unit);

  /**
   * Stops the timer and returns the timeouts that had not expired; they will never run.
   *
   * @return the unexpired, uncancelled timeouts
   */
  Set<Timeout> stop();
}

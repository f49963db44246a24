package io.tern.common.concurrent;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A group of {@link EventExecutor}s: hands out one with {@link #next()} and shuts them all down
 * together.
 *
 * <h2>Threading</h2>
 *
 * <p>All methods may be called from any thread. Task-submitting methods delegate to {@link
 * #next()}; they throw {@link java.util.concurrent.RejectedExecutionException} once the group is
 * shut down.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds the tasks submitted to it until they run (or are dropped at termination); it never
 * retains or releases what a task refers to.
 */
public interface EventExecutorGroup extends ScheduledExecutorService, Iterable<EventExecutor> {

  /**
   * Returns the next executor to use, as chosen by the group's chooser.
   *
   * @return an executor of this group
   */
  EventExecutor next();

  /**
   * Returns whether {@link #shutdownGracefully} has been called (or the group is shut down).
   *
   * @return {@code true} once shutting down has started
   */
  boolean isShuttingDown();

  /**
   * Shuts down with a 2 second quiet period and a 15 second timeout.
   *
   * @return {@link #terminationFuture()}
   */
  @CanIgnoreReturnValue
  default Future<?> shutdownGracefully() {
    return shutdownGracefully(2, 15, TimeUnit.SECONDS);
  }

  /**
   * Starts a graceful shutdown: tasks keep being accepted and run until no task has been submitted
   * for {@code quietPeriod}, or until {@code timeout} has passed since the call; then new tasks are
   * rejected and the executors terminate.
   *
   * @param quietPeriod how long without submissions before shutting down
   * @param timeout the longest the shutdown may take
   * @param unit the unit of both durations
   * @return {@link #terminationFuture()}
   * @throws IllegalArgumentException if a duration is negative or {@code timeout < quietPeriod}
   */
  @CanIgnoreReturnValue
  Future<?> shutdownGracefully(long quietPeriod, long timeout, TimeUnit unit);

  /**
   * Returns a future completed when every executor of the group has terminated.
   *
   * @return the termination future
   */
  Future<?> terminationFuture();

  /**
   * Starts {@link #shutdownGracefully(long, long, TimeUnit)} with no quiet period and no timeout.
   * Prefer {@link #shutdownGracefully()}.
   */
  @Override
  void shutdown();

  /**
   * Like {@link #shutdown()}; never returns pending tasks.
   *
   * @return an empty list
   */
  @Override
  List<Runnable> shutdownNow();

  @Override
  @CanIgnoreReturnValue
  Future<?> submit(Runnable task);

  @CanIgnoreReturnValue
  @Override
  <T> Future<T> submit(Runnable task, T result);

  @CanIgnoreReturnValue
  @Override
  <T> Future<T> submit(Callable<T> task);

  @CanIgnoreReturnValue
  @Override
  ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit);

  @CanIgnoreReturnValue
  @Override
  <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit);

  @CanIgnoreReturnValue
  @Override
  ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit);

  @CanIgnoreReturnValue
  @Override
  ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit);
}

package io.tern.common.concurrent;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An {@link EventExecutor} with a schedule: an indexed binary heap ordered by deadline, so that a
 * cancel is O(log n), against a {@link Ticker} that tests can control.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may schedule and cancel. The heap itself is touched only by the thread for which
 * {@link #inEventLoop()} is true; a schedule or cancel from another thread is handed to the
 * subclass ({@link #addScheduledFromOtherThread}, {@link #removeScheduledFromOtherThread}), which
 * must run the given action on the executor's thread. A cancel flips the future's state at once, so
 * a cancelled task never runs even before it leaves the heap. The loop-side methods ({@link
 * #pollScheduledTask}, {@link #nextScheduledDeadlineNanos}, …) are for that thread only.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds scheduled tasks until they run or are cancelled; it never retains or releases what a
 * task refers to.
 */
public abstract class AbstractScheduledEventExecutor extends AbstractEventExecutor {
  /** Returned by {@link #nextScheduledDeadlineNanos()} when nothing is scheduled. */
  protected static final long NO_DEADLINE = Long.MAX_VALUE;

  private static final long MAX_DELAY_NANOS = Long.MAX_VALUE >>> 2;

  private final ScheduledTaskQueue scheduledTasks = new ScheduledTaskQueue();
  private final Ticker ticker;

  /**
   * Creates an executor.
   *
   * @param parent the owning group, or {@code null}
   * @param ticker the clock for schedules
   */
  protected AbstractScheduledEventExecutor(EventExecutorGroup parent, Ticker ticker) {
    super(parent);
    this.ticker = Objects.requireNonNull(ticker, "ticker");
  }

  /**
   * Returns the clock this executor schedules against.
   *
   * @return the ticker
   */
  public final Ticker ticker() {
    return ticker;
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    Objects.requireNonNull(command, "command");
    return scheduleAfterNanos(Executors.callable(command), unit.toNanos(delay), 0);
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    Objects.requireNonNull(callable, "callable");
    return scheduleAfterNanos(callable, unit.toNanos(delay), 0);
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    Objects.requireNonNull(command, "command");
    long periodNanos = unit.toNanos(period);
    if (periodNanos <= 0) {
      throw new IllegalArgumentException("period: " + period + " (expected: > 0)");
    }
    return scheduleAfterNanos(Executors.callable(command), unit.toNanos(initialDelay), periodNanos);
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    Objects.requireNonNull(command, "command");
    long delayNanos = unit.toNanos(delay);
    if (delayNanos <= 0) {
      throw new IllegalArgumentException("delay: " + delay + " (expected: > 0)");
    }
    return scheduleAfterNanos(Executors.callable(command), unit.toNanos(initialDelay), -delayNanos);
  }

  /**
   * What every {@code schedule*} method comes down to: the delay in nanoseconds, clamped, and the
   * period encoded as {@link ScheduledTask} expects it (0 once, above 0 at a fixed rate, below 0
   * with a fixed delay).
   */
  private <V> ScheduledFuture<V> scheduleAfterNanos(
      Callable<V> callable, long delayNanos, long period) {
    long delay = Math.min(Math.max(0, delayNanos), MAX_DELAY_NANOS);
    long deadline = ticker.nanoTime() + delay;
    // The two extreme values are sentinels for subclasses (no deadline, awake).
    if (deadline == Long.MAX_VALUE || deadline == Long.MIN_VALUE) {
      deadline--;
    }
    ScheduledTask<V> task = new ScheduledTask<>(this, callable, deadline, period);
    if (inEventLoop()) {
      scheduledTasks.add(task);
    } else {
      addScheduledFromOtherThread(() -> scheduledTasks.add(task), deadline);
    }
    return task;
  }

  /**
   * Hands the addition of a task scheduled from another thread to the executor's thread.
   *
   * @param addToSchedule adds the task to the heap; must run on the executor's thread
   * @param deadlineNanos the task's deadline in {@link #ticker()} time, to decide on a wake-up
   */
  protected abstract void addScheduledFromOtherThread(Runnable addToSchedule, long deadlineNanos);

  /**
   * Hands the removal of a task cancelled from another thread to the executor's thread. It may be
   * dropped if the executor is terminating (its schedule is discarded anyway).
   *
   * @param removeFromSchedule removes the task from the heap; must run on the executor's thread
   */
  protected abstract void removeScheduledFromOtherThread(Runnable removeFromSchedule);

  final void reschedule(ScheduledTask<?> task) {
    assert inEventLoop();
    scheduledTasks.add(task);
  }

  final void removeScheduled(ScheduledTask<?> task) {
    if (inEventLoop()) {
      scheduledTasks.remove(task);
    } else {
      removeScheduledFromOtherThread(() -> scheduledTasks.remove(task));
    }
  }

  // ---- Loop-side API (the executor's thread only) ----

  /**
   * Takes the earliest scheduled task if it is due.
   *
   * @param nowNanos the current {@link #ticker()} time
   * @return the task (run it), or {@code null} if none is due
   */
  protected final Runnable pollScheduledTask(long nowNanos) {
    ScheduledTask<?> first = scheduledTasks.peek();
    if (first == null || first.deadlineNanos - nowNanos > 0) {
      return null;
    }
    return scheduledTasks.poll();
  }

  /**
   * Returns the earliest deadline in the schedule.
   *
   * @return the deadline in {@link #ticker()} time, or {@link #NO_DEADLINE}
   */
  protected final long nextScheduledDeadlineNanos() {
    ScheduledTask<?> first = scheduledTasks.peek();
    return first == null ? NO_DEADLINE : first.deadlineNanos;
  }

  /**
   * Returns whether the earliest scheduled task is due now.
   *
   * @return {@code true} if a scheduled task is due
   */
  protected final boolean hasDueScheduledTask() {
    ScheduledTask<?> first = scheduledTasks.peek();
    return first != null && first.deadlineNanos - ticker.nanoTime() <= 0;
  }

  /**
   * Returns the number of scheduled tasks.
   *
   * @return the schedule size
   */
  protected final int scheduledTaskCount() {
    return scheduledTasks.size();
  }

  /** Cancels every scheduled task and empties the schedule. */
  protected final void cancelScheduledTasks() {
    if (scheduledTasks.size() == 0) {
      return;
    }
    for (ScheduledTask<?> task : scheduledTasks.drain()) {
      task.cancel(false);
    }
  }
}

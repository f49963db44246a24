package io.tern.transport.embedded.internal;

import io.tern.common.concurrent.AbstractScheduledEventExecutor;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.MockTicker;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.Ticker;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * The executor of an embedded channel: every thread counts as "in the loop", submitted tasks queue
 * until {@link #runPendingTasks()} runs them on the calling thread, and scheduled tasks run against
 * a frozen clock that moves only through {@link #advanceTimeBy}. Not for concurrent use beyond
 * {@link #execute} (which any thread may call).
 */
public class EmbeddedEventExecutor extends AbstractScheduledEventExecutor {
  private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final Promise<Void> terminationFuture = new DefaultPromise<>(this);

  /** Creates an executor with no parent group and a frozen clock at zero. */
  public EmbeddedEventExecutor() {
    super(null, Ticker.newMockTicker());
  }

  @Override
  public void execute(Runnable task) {
    tasks.add(task);
  }

  @Override
  protected void addScheduledFromOtherThread(Runnable addToSchedule, long deadlineNanos) {
    execute(addToSchedule);
  }

  @Override
  protected void removeScheduledFromOtherThread(Runnable removeFromSchedule) {
    execute(removeFromSchedule);
  }

  /**
   * Runs queued tasks and due scheduled tasks, including those they queue or make due, until none
   * is left.
   */
  public void runPendingTasks() {
    long now = ticker().nanoTime();
    for (; ; ) {
      Runnable task = tasks.poll();
      if (task == null) {
        task = pollScheduledTask(now);
        if (task == null) {
          return;
        }
      }
      safeExecute(task);
    }
  }

  /**
   * Runs what is due, then tells how long until the next scheduled task.
   *
   * @return nanoseconds until the next scheduled task is due, or -1 if none is scheduled
   */
  public long runScheduledPendingTasks() {
    runPendingTasks();
    long next = nextScheduledDeadlineNanos();
    return next == NO_DEADLINE ? -1 : Math.max(0, next - ticker().nanoTime());
  }

  /**
   * Moves the frozen clock forward and runs what became due.
   *
   * @param amount how far, 0 or more
   * @param unit the unit of {@code amount}
   */
  public void advanceTimeBy(long amount, TimeUnit unit) {
    ((MockTicker) ticker()).advance(amount, unit);
    runPendingTasks();
  }

  /** Cancels every scheduled task (the channel closed). */
  public void cancelScheduled() {
    cancelScheduledTasks();
  }

  @Override
  public boolean inEventLoop(Thread thread) {
    return true;
  }

  @Override
  public boolean isShuttingDown() {
    return false;
  }

  @Override
  public Future<?> shutdownGracefully(long quietPeriod, long timeout, TimeUnit unit) {
    return terminationFuture;
  }

  @Override
  public Future<?> terminationFuture() {
    return terminationFuture;
  }

  @Override
  public boolean isShutdown() {
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return false;
  }
}

package io.tern.common.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link SingleThreadEventExecutor} with no I/O: its thread parks until a task or a deadline.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use it; tasks run on its one thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds the tasks submitted to it until they run (or are dropped at termination); it never
 * retains or releases what a task refers to.
 */
public final class DefaultEventExecutor extends SingleThreadEventExecutor {

  /** Creates a stand-alone executor with a daemon thread and the system clock. */
  public DefaultEventExecutor() {
    this(null, new DefaultThreadFactory("executor", true), Ticker.system());
  }

  /**
   * Creates an executor.
   *
   * @param parent the owning group, or {@code null}
   * @param threadFactory creates the thread
   * @param ticker the clock for schedules and shutdown periods
   */
  public DefaultEventExecutor(
      EventExecutorGroup parent, ThreadFactory threadFactory, Ticker ticker) {
    super(parent, threadFactory, ticker);
  }

  @Override
  protected void run() {
    Ticker ticker = ticker();
    for (; ; ) {
      long deadline = nextDeadlineNanos();
      if (prepareToWait(deadline)) {
        if (deadline == NO_DEADLINE) {
          LockSupport.park(this);
        } else {
          long waitNanos = deadline - ticker.nanoTime();
          if (waitNanos > 0) {
            LockSupport.parkNanos(this, waitNanos);
          }
        }
        awake();
      }
      runAllTasks(Long.MAX_VALUE);
      if (isShuttingDown() && confirmShutdown()) {
        return;
      }
    }
  }

  @Override
  protected void wakeup() {
    LockSupport.unpark(thread());
  }
}

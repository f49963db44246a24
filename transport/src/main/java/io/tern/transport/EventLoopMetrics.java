package io.tern.transport;

/**
 * Counters of one {@link EventLoop}.
 *
 * <h2>Threading</h2>
 *
 * <p>Written by the loop thread, readable from any thread; each value is a recent snapshot (values
 * are not read atomically together).
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface EventLoopMetrics {
  /**
   * Returns how many loop iterations have run.
   *
   * @return the iteration count
   */
  long iterations();

  /**
   * Returns how many tasks ran in the last iteration.
   *
   * @return the task count
   */
  int tasksRunLastIteration();

  /**
   * Returns how many handles the I/O handler processed in the last iteration.
   *
   * @return the processed-handle count
   */
  int ioHandledLastIteration();

  /**
   * Returns how many tasks wait in the queue now.
   *
   * @return the pending task count
   */
  int pendingTasks();

  /**
   * Returns the total time spent in the I/O handler, waiting included.
   *
   * @return nanoseconds
   */
  long ioTimeNanos();

  /**
   * Returns the total time spent running tasks.
   *
   * @return nanoseconds
   */
  long taskTimeNanos();

  /**
   * Returns how many handles are registered.
   *
   * @return the registered-handle count
   */
  int registeredHandles();
}

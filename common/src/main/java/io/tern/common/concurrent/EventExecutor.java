package io.tern.common.concurrent;

/**
 * An {@link EventExecutorGroup} of one: runs its tasks on one thread, in submission order.
 *
 * <h2>Threading</h2>
 *
 * <p>All methods may be called from any thread. {@link #inEventLoop()} tells whether the caller is
 * the executor's own thread, which is the only thread that may touch state the executor owns.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds the tasks submitted to it until they run (or are dropped at termination); it never
 * retains or releases what a task refers to.
 */
public interface EventExecutor extends EventExecutorGroup {

  /**
   * Returns this executor.
   *
   * @return {@code this}
   */
  @Override
  EventExecutor next();

  /**
   * Returns the group this executor belongs to.
   *
   * @return the parent group, or {@code null} if it has none
   */
  EventExecutorGroup parent();

  /**
   * Returns whether the calling thread is this executor's thread.
   *
   * @return {@code inEventLoop(Thread.currentThread())}
   */
  default boolean inEventLoop() {
    return inEventLoop(Thread.currentThread());
  }

  /**
   * Returns whether {@code thread} is this executor's thread.
   *
   * @param thread the thread to test
   * @return {@code true} if it runs this executor's tasks
   */
  boolean inEventLoop(Thread thread);

  /**
   * Creates an incomplete promise that notifies on this executor.
   *
   * @param <V> the result type
   * @return a new promise
   */
  default <V> Promise<V> newPromise() {
    return new DefaultPromise<>(this);
  }

  /**
   * Creates a future already completed with {@code result}.
   *
   * @param <V> the result type
   * @param result the result
   * @return a completed future notifying on this executor
   */
  default <V> Future<V> newSucceededFuture(V result) {
    return new DefaultPromise<V>(this).setSuccess(result);
  }

  /**
   * Creates a future already failed with {@code cause}.
   *
   * @param <V> the result type
   * @param cause the failure
   * @return a failed future notifying on this executor
   */
  default <V> Future<V> newFailedFuture(Throwable cause) {
    return new DefaultPromise<V>(this).setFailure(cause);
  }
}

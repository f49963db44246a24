package io.tern.common.concurrent;

/**
 * A handle to a {@link TimerTask} waiting in a {@link Timer}.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Refers to its task until the task runs or is cancelled; cancelling does not release anything
 * the task refers to.
 */
public interface Timeout {
  /**
   * Returns the timer that owns this timeout.
   *
   * @return the timer
   */
  Timer timer();

  /**
   * Returns the task to run.
   *
   * @return the task
   */
  TimerTask task();

  /**
   * Returns whether the task has run (or started running).
   *
   * @return {@code true} once expired
   */
  boolean isExpired();

  /**
   * Returns whether {@link #cancel()} succeeded.
   *
   * @return {@code true} if cancelled
   */
  boolean isCancelled();

  /**
   * Stops the task from running, if it has not yet.
   *
   * @return whether this call cancelled it
   */
  boolean cancel();
}

package io.tern.common.concurrent;

/**
 * Work a {@link Timer} runs once its {@link Timeout} expires.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on the timer's thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>A task that holds reference-counted objects releases them when it runs; whoever cancels its
 * timeout before that releases them instead.
 */
@FunctionalInterface
public interface TimerTask {
  /**
   * Runs the task. Keep it short: it delays every other timeout of the timer.
   *
   * @param timeout the expired timeout
   * @throws Exception logged by the timer
   */
  void run(Timeout timeout) throws Exception;
}

package io.tern.common.concurrent;

/** Work a {@link Timer} runs once its {@link Timeout} expires; runs on the timer's thread. */
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

package io.tern.handler.internal;

import io.tern.common.concurrent.AbstractScheduledEventExecutor;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Ticker;

/**
 * The clock an executor schedules against, so handlers measure elapsed time with the same clock
 * that runs their timeouts (an {@code EmbeddedChannel}'s frozen clock in tests).
 *
 * <p>Stateless; any thread.
 */
public final class Clocks {
  private Clocks() {}

  /**
   * Returns the executor's ticker, or the system ticker for executors without one.
   *
   * @param executor the executor
   * @return its clock
   */
  public static Ticker of(EventExecutor executor) {
    return executor instanceof AbstractScheduledEventExecutor scheduled
        ? scheduled.ticker()
        : Ticker.system();
  }
}

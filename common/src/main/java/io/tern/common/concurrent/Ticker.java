package io.tern.common.concurrent;

/**
 * The clock executors schedule against: a monotonic nanosecond counter.
 *
 * <p>Production code uses {@link #system()}; tests use a {@link MockTicker} so that no test sleeps.
 *
 * <h2>Threading</h2>
 *
 * <p>Implementations must be safe to call from any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
@FunctionalInterface
public interface Ticker {

  /**
   * Returns the current time of this clock. Only differences between values are meaningful.
   *
   * @return nanoseconds from an arbitrary origin
   */
  long nanoTime();

  /**
   * Returns the ticker backed by {@link System#nanoTime()}.
   *
   * @return the system ticker
   */
  static Ticker system() {
    return SystemTicker.INSTANCE;
  }

  /**
   * Creates a ticker that only moves when {@link MockTicker#advance} is called.
   *
   * @return a new mock ticker starting at zero
   */
  static MockTicker newMockTicker() {
    return new MockTicker();
  }
}

enum SystemTicker implements Ticker {
  INSTANCE;

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }
}

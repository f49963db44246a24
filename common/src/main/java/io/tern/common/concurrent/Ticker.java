package io.tern.common.concurrent;

/**
 * The clock executors schedule against: a monotonic nanosecond counter, and the wall clock that
 * goes with it.
 *
 * <p>Production code uses {@link #system()}; tests use a {@link MockTicker} so that no test sleeps
 * and wall-clock time (for example an HTTP {@code Date} header) moves only when the test says so.
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
   * Returns the wall-clock time as this ticker sees it. Unlike {@link #nanoTime()} the value is
   * meaningful on its own, and it may jump when the system clock is set.
   *
   * <p>The default reads {@link System#currentTimeMillis()}; {@link MockTicker} derives it from its
   * own {@link #nanoTime()}, so that advancing the ticker advances this clock by the same amount.
   *
   * @return milliseconds since the epoch, 1970-01-01T00:00:00Z
   */
  default long currentTimeMillis() {
    return System.currentTimeMillis();
  }

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

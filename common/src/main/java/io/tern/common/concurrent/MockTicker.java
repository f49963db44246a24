package io.tern.common.concurrent;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Ticker} that stands still until told to {@link #advance}, for tests that schedule
 * without sleeping. Its {@linkplain #currentTimeMillis() wall clock} starts at the real time of
 * creation and moves with {@link #nanoTime()}.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may read or advance it. Executors built on it see time move only when a test
 * advances it; to have an executor act on the new time, submit something to it afterwards (for
 * example schedule a no-op with zero delay and wait for it: every task due at or before the new
 * time runs before that no-op).
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class MockTicker implements Ticker {
  private final AtomicLong nanos = new AtomicLong();
  // The wall clock starts at the real time of creation, so that values look like dates of today,
  // and then moves only with advance().
  private final long originMillis = System.currentTimeMillis();

  MockTicker() {}

  @Override
  public long nanoTime() {
    return nanos.get();
  }

  /**
   * Returns the wall-clock time of creation plus how far the ticker has been advanced.
   *
   * @return milliseconds since the epoch
   */
  @Override
  public long currentTimeMillis() {
    return originMillis + Math.floorDiv(nanos.get(), 1_000_000L);
  }

  /**
   * Moves the clock forward.
   *
   * @param amount how far
   * @param unit the unit of {@code amount}
   * @throws IllegalArgumentException if {@code amount} is negative
   */
  public void advance(long amount, TimeUnit unit) {
    if (amount < 0) {
      throw new IllegalArgumentException("amount: " + amount + " (expected: >= 0)");
    }
    nanos.addAndGet(unit.toNanos(amount));
  }
}

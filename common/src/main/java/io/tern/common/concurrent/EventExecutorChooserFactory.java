package io.tern.common.concurrent;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Creates the strategy a group uses to pick its {@link EventExecutorGroup#next()} executor.
 *
 * <h2>Threading</h2>
 *
 * <p>Choosers are called from any thread and must be thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
@FunctionalInterface
public interface EventExecutorChooserFactory {

  /**
   * Round-robin: a bit mask when the count is a power of two, a modulo otherwise.
   *
   * @return the default factory
   */
  static EventExecutorChooserFactory roundRobin() {
    return executors -> {
      int n = executors.length;
      if ((n & (n - 1)) == 0) {
        AtomicInteger idx = new AtomicInteger();
        int mask = n - 1;
        return () -> executors[idx.getAndIncrement() & mask];
      }
      AtomicLong idx = new AtomicLong();
      return () -> executors[(int) Math.floorMod(idx.getAndIncrement(), (long) n)];
    };
  }

  /**
   * Creates a chooser over {@code executors} (which must not change).
   *
   * @param executors the group's executors, at least one
   * @return a chooser
   */
  Chooser newChooser(EventExecutor[] executors);

  /**
   * Picks an executor.
   *
   * <h2>Threading</h2>
   *
   * <p>Called from any thread; implementations are thread-safe.
   *
   * <h2>Ownership</h2>
   *
   * <p>Holds no reference-counted objects.
   */
  @FunctionalInterface
  interface Chooser {
    /**
     * Returns the next executor.
     *
     * @return an executor of the group
     */
    EventExecutor next();
  }
}

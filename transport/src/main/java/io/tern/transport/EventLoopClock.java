package io.tern.transport;

import io.tern.common.concurrent.FastThreadLocal;
import io.tern.common.concurrent.Ticker;
import java.time.Instant;
import java.time.InstantSource;

/**
 * The wall clock as an event loop sees it: on an event-loop thread, the time of the loop's current
 * iteration, read at most once per iteration; on any other thread, the system clock.
 *
 * <p>Code that stamps many messages with a coarse wall-clock time (an HTTP {@code Date} header, a
 * log line, a cookie expiry) would otherwise read the system clock once per message; under load an
 * iteration handles hundreds of messages, and each read is a {@code clock_gettime} call. Through
 * this clock, a {@link SingleThreadEventLoop} reads its {@linkplain Ticker#currentTimeMillis() wall
 * clock} the first time this clock is asked during an iteration and answers every later question of
 * the same iteration with that value. The value is therefore taken after the loop's I/O wait has
 * returned, never before it (a value taken when the iteration starts would be as old as the wait),
 * and it is stale by at most the time the iteration has been running: its I/O processing plus its
 * task quantum. An iteration that never asks reads no clock.
 *
 * <p>On a thread that is not running a {@link SingleThreadEventLoop} (a caller's thread, an
 * offloaded handler's virtual thread, an {@code EmbeddedChannel}'s test thread, a plain executor),
 * {@link #millis()} is {@link System#currentTimeMillis()}, read on every call.
 *
 * <p>The loop reads its wall clock through its {@link Ticker}, so a loop built on a {@link
 * io.tern.common.concurrent.MockTicker} gives handlers a wall clock that tests move by hand.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may call {@link #millis()} and {@link #instant()}; the answer depends on the
 * calling thread as described above. The per-iteration value belongs to the loop thread and is
 * never seen by another thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class EventLoopClock implements InstantSource {
  private static final EventLoopClock INSTANCE = new EventLoopClock();
  private static final FastThreadLocal<Iteration> CURRENT = new FastThreadLocal<>();

  private EventLoopClock() {}

  /**
   * Returns the clock.
   *
   * @return the shared instance
   */
  public static EventLoopClock instance() {
    return INSTANCE;
  }

  /**
   * Returns the time of the calling loop's current iteration, or the system clock's time off a
   * loop.
   *
   * @return milliseconds since the epoch
   */
  @Override
  public long millis() {
    Iteration iteration = CURRENT.getIfExists();
    return iteration != null ? iteration.millis() : System.currentTimeMillis();
  }

  /**
   * Returns {@link #millis()} as an instant.
   *
   * @return the instant, with millisecond precision
   */
  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis());
  }

  /**
   * Makes {@code iteration} the calling thread's; the loop calls it when its run loop starts.
   *
   * @param iteration the loop's iteration time
   */
  static void bind(Iteration iteration) {
    CURRENT.set(iteration);
  }

  /** Detaches the calling thread from its loop; the loop calls it when its run loop ends. */
  static void unbind() {
    CURRENT.remove();
  }

  /**
   * One loop's wall-clock time for its current iteration, read lazily. Loop thread only.
   *
   * <pre>
   *   next()         millis = UNREAD            (start of each iteration, before the I/O wait)
   *   millis()       UNREAD: read the ticker, keep the value; otherwise the kept value
   * </pre>
   */
  static final class Iteration {
    // No real wall clock reads this: the epoch's millisecond count is positive for centuries.
    private static final long UNREAD = Long.MIN_VALUE;

    private final Ticker ticker;
    private long millis = UNREAD;

    Iteration(Ticker ticker) {
      this.ticker = ticker;
    }

    /** Starts a new iteration: the next question reads the clock again. */
    void next() {
      millis = UNREAD;
    }

    long millis() {
      long m = millis;
      if (m == UNREAD) {
        m = ticker.currentTimeMillis();
        millis = m;
      }
      return m;
    }
  }
}

package io.tern.codec.http;

import io.tern.common.AsciiString;
import io.tern.transport.EventLoopClock;
import java.time.InstantSource;
import java.util.Objects;

/**
 * The current time as an HTTP {@code Date} header value, formatted at most once per second.
 *
 * <p>Every call asks the clock (one {@link InstantSource#millis()}); the formatted value is
 * replaced only when the clock has moved to another second, so a server answering many requests per
 * second formats the date once per second and shares the same {@link AsciiString} between its
 * responses. Tests pass their own {@link InstantSource} to move time by hand.
 *
 * <p>The shared {@link #system()} cache asks the {@link EventLoopClock}: on an event-loop thread
 * (where responses are normally built) that is the time of the loop's current iteration, read from
 * the system clock at most once per iteration however many responses the iteration writes, so the
 * date may lag by as long as the iteration has been running; on any other thread it is the system
 * clock, read on every call. A cache over any other {@link InstantSource}, {@link
 * InstantSource#system()} included, reads that source on every call.
 *
 * <h2>Threading</h2>
 *
 * Thread-safe: any thread may call {@link #currentDate()}; the cached value is published through a
 * volatile field holding an immutable pair, so at worst two threads format the same second once
 * each.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class HttpDateCache {
  private static final HttpDateCache SYSTEM = new HttpDateCache(EventLoopClock.instance());

  private record Entry(long second, AsciiString value) {}

  private final InstantSource clock;
  private volatile Entry current = new Entry(Long.MIN_VALUE, AsciiString.EMPTY_STRING);

  /**
   * Creates a cache over a clock.
   *
   * @param clock the time source; {@link InstantSource#system()} in production
   */
  public HttpDateCache(InstantSource clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Returns the shared cache over the system clock, as seen through {@link EventLoopClock}: the
   * time of the current event-loop iteration on a loop thread, the system clock elsewhere.
   *
   * @return the shared instance
   */
  public static HttpDateCache system() {
    return SYSTEM;
  }

  /**
   * Returns the current time as an RFC 1123 date, such as {@code Sun, 06 Nov 1994 08:49:37 GMT}.
   *
   * @return the cached value for the clock's current second
   */
  public AsciiString currentDate() {
    long millis = clock.millis();
    long second = Math.floorDiv(millis, 1000);
    Entry e = current;
    if (e.second != second) {
      e = new Entry(second, DateFormatter.formatAscii(millis));
      current = e;
    }
    return e.value;
  }
}

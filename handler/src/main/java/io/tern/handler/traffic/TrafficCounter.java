package io.tern.handler.traffic;

/**
 * Counts the bytes a traffic-shaping handler reads and writes, in windows of one check interval,
 * and says how long to wait so that a limit in bytes per second holds.
 *
 * <p>Within a window that started at {@code start}, sending {@code n} bytes in all at {@code limit}
 * bytes/s should take {@code n / limit} seconds; if less time has passed, the difference is the
 * wait. Waits under {@value #MINIMAL_WAIT_MILLIS} ms are not worth a timer and are ignored, and no
 * wait exceeds the handler's maximum. The window restarts, and its throughput is recorded, once a
 * check interval has passed (checked lazily on each count, so an idle channel costs nothing).
 *
 * <h2>Threading</h2>
 *
 * Used on the channel's executor only. Read the figures from that thread too.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class TrafficCounter {
  /** Waits shorter than this are not made. */
  public static final long MINIMAL_WAIT_MILLIS = 10;

  private static final long MINIMAL_WAIT_NANOS = MINIMAL_WAIT_MILLIS * 1_000_000;
  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final long checkIntervalNanos;
  private long windowStartNanos;
  private long windowReadBytes;
  private long windowWrittenBytes;
  private long lastReadThroughput;
  private long lastWriteThroughput;
  private long cumulativeReadBytes;
  private long cumulativeWrittenBytes;

  TrafficCounter(long checkIntervalNanos, long nowNanos) {
    this.checkIntervalNanos = checkIntervalNanos;
    this.windowStartNanos = nowNanos;
  }

  private void roll(long nowNanos) {
    long elapsed = nowNanos - windowStartNanos;
    if (elapsed < checkIntervalNanos || elapsed <= 0) {
      return;
    }
    lastReadThroughput = windowReadBytes * NANOS_PER_SECOND / elapsed;
    lastWriteThroughput = windowWrittenBytes * NANOS_PER_SECOND / elapsed;
    windowReadBytes = 0;
    windowWrittenBytes = 0;
    windowStartNanos = nowNanos;
  }

  private long timeToWait(long windowBytes, long limit, long maxWaitNanos, long nowNanos) {
    if (limit <= 0) {
      return 0;
    }
    // In double: bytes times 1e9 overflows a long past 9 GB; nanosecond precision is not needed.
    long needed = (long) Math.min((double) windowBytes * NANOS_PER_SECOND / limit, 0x1p62);
    long wait = needed - (nowNanos - windowStartNanos);
    return wait >= MINIMAL_WAIT_NANOS ? Math.min(wait, maxWaitNanos) : 0;
  }

  /**
   * Counts bytes read and returns how long reading should pause.
   *
   * @param bytes the bytes just read
   * @param limit the read limit in bytes/s, 0 for none
   * @param maxWaitNanos the longest pause
   * @param nowNanos the executor's clock
   * @return the pause in nanoseconds, 0 for none
   */
  long read(long bytes, long limit, long maxWaitNanos, long nowNanos) {
    roll(nowNanos);
    windowReadBytes += bytes;
    cumulativeReadBytes += bytes;
    return timeToWait(windowReadBytes, limit, maxWaitNanos, nowNanos);
  }

  /**
   * Counts bytes to write and returns how long the write should be delayed.
   *
   * @param bytes the bytes of the write
   * @param limit the write limit in bytes/s, 0 for none
   * @param maxWaitNanos the longest delay
   * @param nowNanos the executor's clock
   * @return the delay in nanoseconds, 0 for none
   */
  long write(long bytes, long limit, long maxWaitNanos, long nowNanos) {
    roll(nowNanos);
    windowWrittenBytes += bytes;
    cumulativeWrittenBytes += bytes;
    return timeToWait(windowWrittenBytes, limit, maxWaitNanos, nowNanos);
  }

  /**
   * Returns the read throughput of the last complete window.
   *
   * @return bytes per second
   */
  public long lastReadThroughput() {
    return lastReadThroughput;
  }

  /**
   * Returns the write throughput of the last complete window.
   *
   * @return bytes per second
   */
  public long lastWriteThroughput() {
    return lastWriteThroughput;
  }

  /**
   * Returns every byte read so far.
   *
   * @return the count
   */
  public long cumulativeReadBytes() {
    return cumulativeReadBytes;
  }

  /**
   * Returns every byte written (or queued to be written) so far.
   *
   * @return the count
   */
  public long cumulativeWrittenBytes() {
    return cumulativeWrittenBytes;
  }
}

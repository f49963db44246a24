package io.tern.transport.channel;

/**
 * The pending-write thresholds of a channel: once more than {@code high} bytes wait to be written,
 * {@link Channel#isWritable()} turns {@code false} and {@code channelWritabilityChanged} fires; it
 * turns back to {@code true} (and fires again) once fewer than {@code low} bytes wait.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; any thread may use it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param low the low water mark in bytes, at least 0
 * @param high the high water mark in bytes, at least {@code low}
 */
public record WriteBufferWaterMark(int low, int high) {
  /** The default: 32 KiB low, 64 KiB high (as Netty). */
  public static final WriteBufferWaterMark DEFAULT = new WriteBufferWaterMark(32 * 1024, 64 * 1024);

  /**
   * Validates the marks.
   *
   * @throws IllegalArgumentException if {@code low} is negative or above {@code high}
   */
  public WriteBufferWaterMark {
    if (low < 0 || high < low) {
      throw new IllegalArgumentException("water marks: low " + low + ", high " + high);
    }
  }
}

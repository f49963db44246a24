package io.tern.codec.compression;

/**
 * Bounds on what one compressed stream may decompress to: at most {@code maxOutputBytes} in total,
 * and, once more than {@code ratioGraceBytes} came out, at most {@code maxRatio} decompressed bytes
 * per compressed byte consumed. A stream is one gzip member, one zlib or raw deflate stream, or one
 * frame of the block formats; the counts start over with the next one.
 *
 * <p>{@link #DEFAULT} allows 64 MiB per stream and a ratio of 100 after the first MiB: ordinary
 * text compresses 3 to 10 times, while a bomb (a run of zeros) expands about 1000 times.
 *
 * <h2>Threading</h2>
 *
 * Immutable, shared.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param maxOutputBytes the most decompressed bytes per stream, at least 1
 * @param maxRatio the highest decompressed-to-compressed ratio, at least 1
 * @param ratioGraceBytes output allowed before the ratio is enforced, at least 0
 */
public record DecompressionLimits(long maxOutputBytes, int maxRatio, long ratioGraceBytes) {

  /** 64 MiB per stream, ratio 100 after the first MiB. */
  public static final DecompressionLimits DEFAULT =
      new DecompressionLimits(64L << 20, 100, 1L << 20);

  /**
   * Checks the arguments.
   *
   * @throws IllegalArgumentException if an argument is out of range
   */
  public DecompressionLimits {
    if (maxOutputBytes < 1) {
      throw new IllegalArgumentException("maxOutputBytes: " + maxOutputBytes + " (expected: >= 1)");
    }
    if (maxRatio < 1) {
      throw new IllegalArgumentException("maxRatio: " + maxRatio + " (expected: >= 1)");
    }
    if (ratioGraceBytes < 0) {
      throw new IllegalArgumentException(
          "ratioGraceBytes: " + ratioGraceBytes + " (expected: >= 0)");
    }
  }

  /**
   * Returns limits with only a maximum output and the default ratio.
   *
   * @param maxOutputBytes the most decompressed bytes per stream
   * @return the limits
   */
  public static DecompressionLimits maxOutput(long maxOutputBytes) {
    return new DecompressionLimits(maxOutputBytes, DEFAULT.maxRatio, DEFAULT.ratioGraceBytes);
  }

  /**
   * Throws if {@code output} decompressed bytes from {@code input} compressed bytes break a limit.
   *
   * @param output decompressed bytes of the stream so far
   * @param input compressed bytes of the stream consumed so far
   * @throws DecompressionLimitException if a limit is exceeded
   */
  public void check(long output, long input) {
    if (output > maxOutputBytes) {
      throw new DecompressionLimitException(
          "decompressed size exceeds the limit of " + maxOutputBytes + " bytes");
    }
    if (output > ratioGraceBytes && output > Math.max(input, 1) * (long) maxRatio) {
      throw new DecompressionLimitException(
          "compression ratio exceeds the limit of "
              + maxRatio
              + " ("
              + output
              + " bytes from "
              + input
              + ")");
    }
  }
}

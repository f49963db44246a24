package io.tern.codec.stomp;

/**
 * The limits of the decoding half of a {@link StompCodec}. Immutable: each {@code with…} method
 * returns a changed copy.
 *
 * <table>
 *   <caption>Defaults</caption>
 *   <tr><th>setting</th><th>default</th><th>exceeded</th></tr>
 *   <tr><td>{@link #maxLineLength()}</td><td>8,192 bytes: the command line and each header line,
 *       end of line excluded</td><td>{@link io.tern.codec.TooLongFrameException}</td></tr>
 *   <tr><td>{@link #maxHeaders()}</td><td>128 header lines per frame</td>
 *       <td>{@code TooLongFrameException}</td></tr>
 *   <tr><td>{@link #maxFrameLength()}</td><td>16 MiB: a whole frame on the wire, command,
 *       headers, body and NUL</td><td>{@code TooLongFrameException}</td></tr>
 * </table>
 *
 * <p>Each limit is checked before the bytes it concerns are waited for: a {@code content-length}
 * beyond {@link #maxFrameLength()} fails at once. A server facing untrusted clients should lower
 * {@link #maxFrameLength()} to the largest message it accepts.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread; one configuration may serve many codecs.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param maxLineLength the longest command or header line, end of line excluded
 * @param maxHeaders the most header lines a frame may have
 * @param maxFrameLength the most bytes one frame may take on the wire
 */
public record StompDecoderConfig(int maxLineLength, int maxHeaders, int maxFrameLength) {

  /** The defaults of the table above. */
  public static final StompDecoderConfig DEFAULT = new StompDecoderConfig(8192, 128, 16 << 20);

  /** Checks the limits. */
  public StompDecoderConfig {
    positive(maxLineLength, "maxLineLength");
    if (maxHeaders < 0) {
      throw new IllegalArgumentException("maxHeaders: " + maxHeaders + " (expected: >= 0)");
    }
    positive(maxFrameLength, "maxFrameLength");
  }

  private static void positive(int value, String name) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
    }
  }

  /**
   * Returns a copy with another line limit.
   *
   * @param maxLineLength the longest command or header line, at least 1
   * @return the copy
   */
  public StompDecoderConfig withMaxLineLength(int maxLineLength) {
    return new StompDecoderConfig(maxLineLength, maxHeaders, maxFrameLength);
  }

  /**
   * Returns a copy with another header count limit.
   *
   * @param maxHeaders the most header lines, at least 0
   * @return the copy
   */
  public StompDecoderConfig withMaxHeaders(int maxHeaders) {
    return new StompDecoderConfig(maxLineLength, maxHeaders, maxFrameLength);
  }

  /**
   * Returns a copy with another frame size limit.
   *
   * @param maxFrameLength the most bytes a frame may take on the wire, at least 1
   * @return the copy
   */
  public StompDecoderConfig withMaxFrameLength(int maxFrameLength) {
    return new StompDecoderConfig(maxLineLength, maxHeaders, maxFrameLength);
  }
}

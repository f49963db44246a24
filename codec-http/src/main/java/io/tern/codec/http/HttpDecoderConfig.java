package io.tern.codec.http;

/**
 * Limits and switches of the HTTP/1.1 decoders ({@link HttpRequestDecoder}, {@link
 * HttpResponseDecoder} and the codecs built on them). Immutable: each {@code with…} method returns
 * a changed copy; shareable between threads.
 *
 * <table>
 *   <caption>Defaults</caption>
 *   <tr><th>setting</th><th>default</th><th>exceeded or violated</th></tr>
 *   <tr><td>{@link #maxInitialLineLength()}</td><td>4096 bytes</td>
 *       <td>{@link TooLongHttpLineException} (also for a chunk-size line)</td></tr>
 *   <tr><td>{@link #maxHeaderSize()}</td><td>8192 bytes (all header lines together; the same for
 *       trailers)</td><td>{@link TooLongHttpHeaderException}</td></tr>
 *   <tr><td>{@link #maxHeaderCount()}</td><td>100 fields</td>
 *       <td>{@link TooLongHttpHeaderException}</td></tr>
 *   <tr><td>{@link #maxChunkSize()}</td><td>8192 bytes</td><td>content is passed on in pieces of at
 *       most this size (no error)</td></tr>
 *   <tr><td>{@link #validateHeaders()}</td><td>{@code true}</td><td>header names must be tokens and
 *       values must not hold control characters: {@link InvalidHttpMessageException}</td></tr>
 * </table>
 *
 * <p>Framing rules that guard against request smuggling are not switches: they always apply (see
 * {@link HttpObjectDecoder}).
 *
 * <h2>Threading</h2>
 *
 * Immutable: each {@code with…} method returns a changed copy; shareable between threads.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param maxInitialLineLength the longest request or status line, in bytes
 * @param maxHeaderSize the largest header (or trailer) section, in bytes
 * @param maxHeaderCount the most header (or trailer) fields
 * @param maxChunkSize the largest content piece passed on
 * @param validateHeaders whether header characters are validated
 */
public record HttpDecoderConfig(
    int maxInitialLineLength,
    int maxHeaderSize,
    int maxHeaderCount,
    int maxChunkSize,
    boolean validateHeaders) {

  /** The defaults of the table above. */
  public static final HttpDecoderConfig DEFAULT =
      new HttpDecoderConfig(4096, 8192, 100, 8192, true);

  /** Checks the limits. */
  public HttpDecoderConfig {
    positive(maxInitialLineLength, "maxInitialLineLength");
    positive(maxHeaderSize, "maxHeaderSize");
    positive(maxHeaderCount, "maxHeaderCount");
    positive(maxChunkSize, "maxChunkSize");
  }

  private static void positive(int value, String name) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
    }
  }

  /**
   * Returns a copy with another initial-line limit.
   *
   * @param maxInitialLineLength bytes, at least 1
   * @return the copy
   */
  public HttpDecoderConfig withMaxInitialLineLength(int maxInitialLineLength) {
    return new HttpDecoderConfig(
        maxInitialLineLength, maxHeaderSize, maxHeaderCount, maxChunkSize, validateHeaders);
  }

  /**
   * Returns a copy with another header-size limit.
   *
   * @param maxHeaderSize bytes, at least 1
   * @return the copy
   */
  public HttpDecoderConfig withMaxHeaderSize(int maxHeaderSize) {
    return new HttpDecoderConfig(
        maxInitialLineLength, maxHeaderSize, maxHeaderCount, maxChunkSize, validateHeaders);
  }

  /**
   * Returns a copy with another header-count limit.
   *
   * @param maxHeaderCount fields, at least 1
   * @return the copy
   */
  public HttpDecoderConfig withMaxHeaderCount(int maxHeaderCount) {
    return new HttpDecoderConfig(
        maxInitialLineLength, maxHeaderSize, maxHeaderCount, maxChunkSize, validateHeaders);
  }

  /**
   * Returns a copy with another content piece size.
   *
   * @param maxChunkSize bytes, at least 1
   * @return the copy
   */
  public HttpDecoderConfig withMaxChunkSize(int maxChunkSize) {
    return new HttpDecoderConfig(
        maxInitialLineLength, maxHeaderSize, maxHeaderCount, maxChunkSize, validateHeaders);
  }

  /**
   * Returns a copy that does or does not validate header characters.
   *
   * @param validateHeaders whether to validate
   * @return the copy
   */
  public HttpDecoderConfig withValidateHeaders(boolean validateHeaders) {
    return new HttpDecoderConfig(
        maxInitialLineLength, maxHeaderSize, maxHeaderCount, maxChunkSize, validateHeaders);
  }
}

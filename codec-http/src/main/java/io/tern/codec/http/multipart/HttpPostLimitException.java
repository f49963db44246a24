package io.tern.codec.http.multipart;

/**
 * A POST body exceeded one of the decoder's limits (see {@link HttpPostRequestDecoder.Builder}). A
 * server typically answers {@code 413 Content Too Large}. The decoder that threw is failed; call
 * {@link HttpPostRequestDecoder#destroy()} to release what it holds.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects; the failed decoder still holds its fields until destroyed.
 */
public class HttpPostLimitException extends HttpPostDecoderException {
  /** The limit that was exceeded. */
  public enum Limit {
    /** {@link HttpPostRequestDecoder.Builder#maxFields(int)}. */
    FIELDS,
    /** {@link HttpPostRequestDecoder.Builder#maxFieldSize(long)}. */
    FIELD_SIZE,
    /** {@link HttpPostRequestDecoder.Builder#maxFileSize(long)}. */
    FILE_SIZE,
    /** {@link HttpPostRequestDecoder.Builder#maxHeaderSize(int)}. */
    HEADER_SIZE
  }

  private final Limit limit;

  /**
   * Creates the exception.
   *
   * @param limit the limit exceeded
   * @param message details
   */
  public HttpPostLimitException(Limit limit, String message) {
    super(message);
    this.limit = limit;
  }

  /**
   * Returns the limit that was exceeded.
   *
   * @return the limit
   */
  public Limit limit() {
    return limit;
  }
}

package io.tern.codec.http.multipart;

/**
 * A POST body could not be decoded: malformed multipart framing or part headers, a malformed
 * percent escape, a body that ended too early. The decoder that threw is failed; call {@link
 * HttpPostRequestDecoder#destroy()} to release what it holds.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects; the failed decoder still holds its fields until destroyed.
 */
public class HttpPostDecoderException extends RuntimeException {
  /**
   * Creates the exception.
   *
   * @param message what was wrong
   */
  public HttpPostDecoderException(String message) {
    super(message);
  }

  /**
   * Creates the exception with a cause.
   *
   * @param message what was wrong
   * @param cause the underlying failure
   */
  public HttpPostDecoderException(String message, Throwable cause) {
    super(message, cause);
  }
}

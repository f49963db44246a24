package io.tern.codec.http.multipart;

/**
 * A POST body could not be decoded: malformed multipart framing or part headers, a malformed
 * percent escape, a body that ended too early. The decoder that threw is failed; call {@link
 * HttpPostRequestDecoder#destroy()} to release what it holds.
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

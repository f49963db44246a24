package io.tern.codec;

/**
 * The base of the exceptions a codec raises; see {@link DecoderException} and {@link
 * EncoderException}.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class CodecException extends RuntimeException {

  /**
   * Creates an exception with a message.
   *
   * @param message what went wrong
   */
  public CodecException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a message and a cause.
   *
   * @param message what went wrong
   * @param cause the underlying failure
   */
  public CodecException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * Creates an exception wrapping a cause.
   *
   * @param cause the underlying failure
   */
  public CodecException(Throwable cause) {
    super(cause);
  }
}

package io.tern.codec;

/**
 * Raised when encoding an outbound message failed. {@link MessageToByteEncoder} and {@link
 * MessageToMessageEncoder} wrap any other exception their {@code encode} throws in one, which fails
 * the write's promise.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class EncoderException extends CodecException {

  /**
   * Creates an exception with a message.
   *
   * @param message what went wrong
   */
  public EncoderException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a message and a cause.
   *
   * @param message what went wrong
   * @param cause the underlying failure
   */
  public EncoderException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * Creates an exception wrapping a cause.
   *
   * @param cause the underlying failure
   */
  public EncoderException(Throwable cause) {
    super(cause);
  }
}

package io.tern.codec;

/**
 * Raised when decoding inbound bytes or messages failed. {@link ByteToMessageDecoder} and {@link
 * MessageToMessageDecoder} wrap any other exception their {@code decode} throws in one.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class DecoderException extends CodecException {

  /**
   * Creates an exception with a message.
   *
   * @param message what went wrong
   */
  public DecoderException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a message and a cause.
   *
   * @param message what went wrong
   * @param cause the underlying failure
   */
  public DecoderException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * Creates an exception wrapping a cause.
   *
   * @param cause the underlying failure
   */
  public DecoderException(Throwable cause) {
    super(cause);
  }
}

package io.tern.codec;

/**
 * Raised when the input violates the framing rules: a negative length, a length field shorter than
 * the bytes it must cover, a malformed varint, an unbalanced JSON object, a bad checksum.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class CorruptedFrameException extends DecoderException {

  /**
   * Creates an exception with a message.
   *
   * @param message what went wrong
   */
  public CorruptedFrameException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a message and a cause.
   *
   * @param message what went wrong
   * @param cause the underlying failure
   */
  public CorruptedFrameException(String message, Throwable cause) {
    super(message, cause);
  }
}

package io.tern.codec;

/**
 * Raised when a frame (or line, or object) is longer than the decoder's configured maximum. The
 * decoder has released or skipped the offending bytes by the time it throws.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class TooLongFrameException extends DecoderException {

  /**
   * Creates an exception with a message.
   *
   * @param message what went wrong, including the limit
   */
  public TooLongFrameException(String message) {
    super(message);
  }
}

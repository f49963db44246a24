package io.tern.codec.compression;

import io.tern.codec.DecoderException;

/**
 * Raised when compressed input is corrupt: a bad header, a bad checksum, invalid compressed data.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class DecompressionException extends DecoderException {

  /**
   * Creates an exception with a message.
   *
   * @param message what went wrong
   */
  public DecompressionException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a message and a cause.
   *
   * @param message what went wrong
   * @param cause the underlying failure
   */
  public DecompressionException(String message, Throwable cause) {
    super(message, cause);
  }
}

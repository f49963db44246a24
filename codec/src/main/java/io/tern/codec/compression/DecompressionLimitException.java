package io.tern.codec.compression;

/**
 * Raised when decompressing would exceed the decoder's {@link DecompressionLimits}: too many
 * decompressed bytes or too high an expansion ratio, the marks of a decompression bomb. Nothing
 * beyond the limit was passed on, and the decoder has released what it held.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class DecompressionLimitException extends DecompressionException {

  /**
   * Creates an exception with a message.
   *
   * @param message which limit was exceeded, and by how much
   */
  public DecompressionLimitException(String message) {
    super(message);
  }
}

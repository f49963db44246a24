package io.tern.codec.dns;

import io.tern.codec.CorruptedFrameException;

/**
 * A DNS message was malformed (cut short, a bad name, a compression pointer that does not point
 * back, record data of the wrong length) or exceeded a {@link DnsLimits} bound.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable once thrown: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class DnsDecoderException extends CorruptedFrameException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param message what was wrong with the message
   */
  public DnsDecoderException(String message) {
    super(message);
  }
}

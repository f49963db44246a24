package io.tern.codec.smtp;

import io.tern.codec.DecoderException;

/**
 * A reply that is not SMTP: a line without a three-digit code, a code outside 200–599, or a
 * multi-line reply whose lines disagree on the code.
 *
 * <h2>Threading</h2>
 *
 * Any thread (immutable once thrown).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class SmtpCodecException extends DecoderException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what was wrong
   */
  public SmtpCodecException(String message) {
    super(message);
  }
}

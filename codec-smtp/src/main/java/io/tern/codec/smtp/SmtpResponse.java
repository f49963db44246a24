package io.tern.codec.smtp;

import java.util.List;

/**
 * One SMTP reply: its three-digit code and the text of each of its lines (a multi-line reply, such
 * as the answer to {@code EHLO}, has several).
 *
 * <h2>Threading</h2>
 *
 * Any thread (immutable).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param code the reply code, 200 to 599
 * @param details the text after the code on each line, in order (empty strings where a line has
 *     none)
 */
public record SmtpResponse(int code, List<String> details) {
  /**
   * Creates a reply.
   *
   * @param code the code
   * @param details the lines' text
   */
  public SmtpResponse {
    details = List.copyOf(details);
  }

  /**
   * Tells whether the code is 2xx (done) or 3xx (go on).
   *
   * @return {@code true} if positive
   */
  public boolean isPositive() {
    return code >= 200 && code < 400;
  }

  @Override
  public String toString() {
    return code + " " + String.join(" / ", details);
  }
}

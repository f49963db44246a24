package io.tern.codec.http.internal;

/**
 * What the HTTP/1.1 message decoder does after a message head, as the exchange it works for
 * decides: whether content follows (as the framing fields say) or not whatever they say, and
 * whether the connection still carries HTTP after the message.
 *
 * <h2>Threading</h2>
 *
 * Immutable constants; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum AfterHead {
  /** Content as the framing fields say; then the next message. */
  CONTENT,
  /**
   * No content, whatever the framing fields say (a response to {@code HEAD}, a {@code 1xx}, {@code
   * 204} or {@code 304}); then the next message.
   */
  NO_CONTENT,
  /**
   * Content as the framing fields say; then decoding stops until the exchange resumes it, the
   * following bytes waiting undecoded (a {@code CONNECT} or {@code Upgrade} request, whose answer
   * decides whether HTTP goes on).
   */
  CONTENT_THEN_PAUSE,
  /**
   * No content; the rest of the input is not HTTP and is passed on as it is ({@code 101 Switching
   * Protocols}, a {@code 2xx} answer to {@code CONNECT}).
   */
  NO_CONTENT_THEN_RAW;

  /**
   * Returns what follows a response head with this status when nothing else is known about the
   * request it answers: {@code 101} switches protocols; {@code 1xx}, {@code 204} and {@code 304}
   * have no content (RFC 9112, section 6.3).
   *
   * @param status the status code
   * @return {@link #NO_CONTENT_THEN_RAW}, {@link #NO_CONTENT} or {@link #CONTENT}
   */
  public static AfterHead ofResponse(int status) {
    if (status == 101) {
      return NO_CONTENT_THEN_RAW;
    }
    return (status >= 100 && status < 200) || status == 204 || status == 304 ? NO_CONTENT : CONTENT;
  }
}

package io.tern.codec.http;

/**
 * What differs between decoding requests and responses, given to {@link HttpMessageReader}: the
 * first line, the checks on a head, the object passed on for an invalid head, and whether content
 * without framing fields runs to the end of the connection. Two implementations: {@link
 * RequestLine} and {@link StatusLine}.
 *
 * <p>Threading: stateless; any thread.
 */
sealed interface StartLine permits RequestLine, StatusLine {
  /**
   * Parses the first line of a message.
   *
   * @param b the head's bytes
   * @param start the first byte of the line
   * @param end the end of the line (its CR)
   * @param headers the (empty) headers the message will carry
   * @return the message head
   * @throws InvalidHttpMessageException if the line is malformed
   */
  HttpMessage parse(byte[] b, int start, int end, HttpHeaders headers);

  /**
   * Checks the header fields the message kind cares about (for requests: {@code Host}).
   *
   * @throws InvalidHttpMessageException if they are invalid
   */
  void validate(HttpMessage head);

  /** The object passed on for an invalid head: a full message with empty content. */
  HttpMessage invalidMessage();

  /**
   * Whether a message without {@code Content-Length} or {@code Transfer-Encoding} has content up to
   * the end of the connection (responses) or none (requests).
   */
  boolean contentUntilClose();
}

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
   * Parses the first line of a message. The head's field lines, not yet checked, follow in {@code
   * b}: the reader checks them next and adds them to the message's headers, unless the message is a
   * {@link DecodedHttpRequest} (which builds them from {@code b} on demand).
   *
   * @param b the head's bytes, which the message may keep (they are never changed)
   * @param start the first byte of the line
   * @param end the end of the line (its CR)
   * @param validation the validation of the message's headers
   * @param fieldCount the number of field lines that follow
   * @return the message head
   * @throws InvalidHttpMessageException if the line is malformed
   */
  HttpMessage parse(
      byte[] b, int start, int end, HttpHeaders.Validation validation, int fieldCount);

  /**
   * Checks the header fields the message kind cares about (for requests: {@code Host}), from what
   * the field parser recorded.
   *
   * @throws InvalidHttpMessageException if they are invalid
   */
  void validate(HttpMessage head, HttpFieldParser.Framing fields);

  /** The object passed on for an invalid head: a full message with empty content. */
  HttpMessage invalidMessage();

  /**
   * Whether a message without {@code Content-Length} or {@code Transfer-Encoding} has content up to
   * the end of the connection (responses) or none (requests).
   */
  boolean contentUntilClose();
}

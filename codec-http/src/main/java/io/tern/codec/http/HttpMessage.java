package io.tern.codec.http;

import com.google.errorprone.annotations.CanIgnoreReturnValue;

/**
 * The head of an HTTP request or response: the protocol version and the header fields. Content
 * follows as {@link HttpContent} objects unless the message is a {@link FullHttpMessage}.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * A head holds no reference-counted objects; content travels separately.
 */
public interface HttpMessage extends HttpObject {
  /**
   * Returns the protocol version.
   *
   * @return the version
   */
  HttpVersion protocolVersion();

  /**
   * Changes the protocol version.
   *
   * @param version the new version
   * @return this message
   */
  @CanIgnoreReturnValue
  HttpMessage setProtocolVersion(HttpVersion version);

  /**
   * Returns the header fields, mutable in place.
   *
   * @return the headers
   */
  HttpHeaders headers();
}

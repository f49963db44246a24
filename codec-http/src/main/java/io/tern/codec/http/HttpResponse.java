package io.tern.codec.http;

import com.google.errorprone.annotations.CanIgnoreReturnValue;

/**
 * The head of an HTTP response: version, status and headers.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * A head holds no reference-counted objects; content travels separately.
 */
public interface HttpResponse extends HttpMessage {
  /**
   * Returns the status.
   *
   * @return the status
   */
  HttpResponseStatus status();

  /**
   * Changes the status.
   *
   * @param status the new status
   * @return this response
   */
  @CanIgnoreReturnValue
  HttpResponse setStatus(HttpResponseStatus status);

  @Override
  @CanIgnoreReturnValue
  HttpResponse setProtocolVersion(HttpVersion version);
}

package io.tern.codec.http;

import com.google.errorprone.annotations.CanIgnoreReturnValue;

/**
 * The head of an HTTP request: method, request target and version, and headers.
 *
 * <p>Not thread-safe: one thread at a time, normally the channel's event loop.
 */
public interface HttpRequest extends HttpMessage {
  /**
   * Returns the method.
   *
   * @return the method
   */
  HttpMethod method();

  /**
   * Changes the method.
   *
   * @param method the new method
   * @return this request
   */
  @CanIgnoreReturnValue
  HttpRequest setMethod(HttpMethod method);

  /**
   * Returns the request target as sent, for example {@code /search?q=tern} (origin form), an
   * absolute URI, {@code host:port} for {@code CONNECT}, or {@code *}.
   *
   * @return the request target
   */
  String uri();

  /**
   * Changes the request target.
   *
   * @param uri the new target
   * @return this request
   */
  @CanIgnoreReturnValue
  HttpRequest setUri(String uri);

  @Override
  @CanIgnoreReturnValue
  HttpRequest setProtocolVersion(HttpVersion version);
}

package io.tern.codec.http;

import com.google.errorprone.annotations.CanIgnoreReturnValue;

/**
 * The head of an HTTP request: method, request target and version, and headers.
 *
 * <pre>{@code
 * switch (request.target().path()) {        // "/plaintext" for /plaintext?x=1 too
 *   case "/plaintext" -> ...
 * }
 * List<String> q = request.target().parameters().get("q");
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * A head holds no reference-counted objects; a {@link FullHttpRequest} holds its content.
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
   * Returns the request target parsed into its form, normalised path and query (see {@link
   * RequestTarget}). A decoded request's target was parsed by the decoder; otherwise it is parsed
   * from {@link #uri()} on first use.
   *
   * @return the target
   * @throws IllegalArgumentException if {@link #uri()} is in none of the forms the method allows
   */
  RequestTarget target();

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

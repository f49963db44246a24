package io.tern.codec.http;

import java.util.Objects;

/**
 * A mutable {@link HttpRequest} head; content follows separately.
 *
 * <p>Not thread-safe: one thread at a time. Holds no buffer, so there is nothing to release.
 */
public class DefaultHttpRequest extends DefaultHttpMessage implements HttpRequest {
  private HttpMethod method;
  private String uri;

  /**
   * Creates a request with empty, validating headers.
   *
   * @param version the protocol version
   * @param method the method
   * @param uri the request target
   */
  public DefaultHttpRequest(HttpVersion version, HttpMethod method, String uri) {
    this(version, method, uri, new HttpHeaders());
  }

  /**
   * Creates a request with the given headers (used as they are, not copied).
   *
   * @param version the protocol version
   * @param method the method
   * @param uri the request target
   * @param headers the headers
   */
  public DefaultHttpRequest(
      HttpVersion version, HttpMethod method, String uri, HttpHeaders headers) {
    super(version, headers);
    this.method = Objects.requireNonNull(method, "method");
    this.uri = Objects.requireNonNull(uri, "uri");
  }

  @Override
  public DefaultHttpRequest setProtocolVersion(HttpVersion version) {
    super.setProtocolVersion(version);
    return this;
  }

  @Override
  public HttpMethod method() {
    return method;
  }

  @Override
  public DefaultHttpRequest setMethod(HttpMethod method) {
    this.method = Objects.requireNonNull(method, "method");
    return this;
  }

  @Override
  public String uri() {
    return uri;
  }

  @Override
  public DefaultHttpRequest setUri(String uri) {
    this.uri = Objects.requireNonNull(uri, "uri");
    return this;
  }
}

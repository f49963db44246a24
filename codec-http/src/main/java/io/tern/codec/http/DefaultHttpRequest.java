package io.tern.codec.http;

import java.util.Objects;

/**
 * A mutable {@link HttpRequest} head; content follows separately.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class DefaultHttpRequest extends DefaultHttpMessage implements HttpRequest {
  private HttpMethod method;
  private String uri;
  private RequestTarget target; // parsed from uri on first use; dropped when uri or method change

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

  /**
   * Creates a request with a parsed target and the given headers (used as they are, not copied).
   *
   * @param version the protocol version
   * @param method the method
   * @param target the request target
   * @param headers the headers
   */
  public DefaultHttpRequest(
      HttpVersion version, HttpMethod method, RequestTarget target, HttpHeaders headers) {
    super(version, headers);
    this.method = Objects.requireNonNull(method, "method");
    this.target = Objects.requireNonNull(target, "target");
    this.uri = target.raw();
  }

  /**
   * Creates a request with a parsed target whose subclass supplies the headers, overriding {@link
   * #headers()}.
   */
  DefaultHttpRequest(HttpVersion version, HttpMethod method, RequestTarget target) {
    super(version);
    this.method = Objects.requireNonNull(method, "method");
    this.target = Objects.requireNonNull(target, "target");
    this.uri = target.raw();
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
    this.target = null;
    return this;
  }

  @Override
  public String uri() {
    return uri;
  }

  @Override
  public RequestTarget target() {
    RequestTarget t = target;
    if (t == null) {
      t = RequestTarget.parse(method, uri);
      target = t;
    }
    return t;
  }

  @Override
  public DefaultHttpRequest setUri(String uri) {
    this.uri = Objects.requireNonNull(uri, "uri");
    this.target = null;
    return this;
  }
}

package io.tern.codec.http;

import java.util.Objects;

/**
 * A mutable {@link HttpResponse} head; content follows separately.
 *
 * <p>Not thread-safe: one thread at a time. Holds no buffer, so there is nothing to release.
 */
public class DefaultHttpResponse implements HttpResponse {
  private HttpVersion version;
  private HttpResponseStatus status;
  private final HttpHeaders headers;

  /**
   * Creates a response with empty, validating headers.
   *
   * @param version the protocol version
   * @param status the status
   */
  public DefaultHttpResponse(HttpVersion version, HttpResponseStatus status) {
    this(version, status, new HttpHeaders());
  }

  /**
   * Creates a response with the given headers (used as they are, not copied).
   *
   * @param version the protocol version
   * @param status the status
   * @param headers the headers
   */
  public DefaultHttpResponse(HttpVersion version, HttpResponseStatus status, HttpHeaders headers) {
    this.version = Objects.requireNonNull(version, "version");
    this.status = Objects.requireNonNull(status, "status");
    this.headers = Objects.requireNonNull(headers, "headers");
  }

  @Override
  public HttpVersion protocolVersion() {
    return version;
  }

  @Override
  public DefaultHttpResponse setProtocolVersion(HttpVersion version) {
    this.version = Objects.requireNonNull(version, "version");
    return this;
  }

  @Override
  public HttpHeaders headers() {
    return headers;
  }

  @Override
  public HttpResponseStatus status() {
    return status;
  }

  @Override
  public DefaultHttpResponse setStatus(HttpResponseStatus status) {
    this.status = Objects.requireNonNull(status, "status");
    return this;
  }

  @Override
  public String toString() {
    return HttpMessages.describe(this, getClass().getSimpleName());
  }
}

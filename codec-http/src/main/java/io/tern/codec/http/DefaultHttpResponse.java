package io.tern.codec.http;

import java.util.Objects;

/**
 * A mutable {@link HttpResponse} head; content follows separately.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time. Holds no buffer, so there is nothing to release.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class DefaultHttpResponse extends DefaultHttpMessage implements HttpResponse {
  private HttpResponseStatus status;

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
    super(version, headers);
    this.status = Objects.requireNonNull(status, "status");
  }

  @Override
  public DefaultHttpResponse setProtocolVersion(HttpVersion version) {
    super.setProtocolVersion(version);
    return this;
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
}

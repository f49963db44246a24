package io.tern.codec.http;

import java.util.Objects;

/**
 * What {@link DefaultHttpRequest} and {@link DefaultHttpResponse} share: the protocol version and
 * the header fields.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time. Holds no buffer, so there is nothing to release.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public abstract class DefaultHttpMessage extends DefaultHttpObject implements HttpMessage {
  private HttpVersion version;
  private final HttpHeaders headers;

  /**
   * Creates a message head.
   *
   * @param version the protocol version
   * @param headers the headers, used as they are (not copied)
   */
  protected DefaultHttpMessage(HttpVersion version, HttpHeaders headers) {
    this.version = Objects.requireNonNull(version, "version");
    this.headers = Objects.requireNonNull(headers, "headers");
  }

  /**
   * Creates a message head whose subclass supplies the headers itself, overriding {@link
   * #headers()} (a decoded request builds them on first use).
   */
  DefaultHttpMessage(HttpVersion version) {
    this.version = Objects.requireNonNull(version, "version");
    this.headers = null;
  }

  @Override
  public HttpVersion protocolVersion() {
    return version;
  }

  @Override
  public DefaultHttpMessage setProtocolVersion(HttpVersion version) {
    this.version = Objects.requireNonNull(version, "version");
    return this;
  }

  @Override
  public HttpHeaders headers() {
    return headers;
  }
}

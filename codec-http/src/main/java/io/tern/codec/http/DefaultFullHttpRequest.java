package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import java.util.Objects;

/**
 * A whole HTTP request: head, content and trailers.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The message's reference count is the content buffer's; whoever holds the message releases it
 * once.
 */
public class DefaultFullHttpRequest extends DefaultHttpRequest implements FullHttpRequest {
  private final ByteBuf content;
  // Made on first use by the constructors without trailers: a message that has none (the usual
  // fixed-length answer, whose encoder never reads them) allocates no map for them.
  private HttpHeaders trailers;

  /**
   * Creates a request with empty content and empty, validating headers and trailers.
   *
   * @param version the protocol version
   * @param method the method
   * @param uri the request target
   */
  public DefaultFullHttpRequest(HttpVersion version, HttpMethod method, String uri) {
    this(version, method, uri, Unpooled.buffer(0));
  }

  /**
   * Creates a request with empty, validating headers and trailers.
   *
   * @param version the protocol version
   * @param method the method
   * @param uri the request target
   * @param content the content, now owned by this message
   */
  public DefaultFullHttpRequest(
      HttpVersion version, HttpMethod method, String uri, ByteBuf content) {
    super(version, method, uri, new HttpHeaders());
    this.content = Objects.requireNonNull(content, "content");
  }

  /**
   * Creates a request from its parts (headers and trailers used as they are).
   *
   * @param version the protocol version
   * @param method the method
   * @param uri the request target
   * @param content the content, now owned by this message
   * @param headers the header fields
   * @param trailers the trailer fields
   */
  public DefaultFullHttpRequest(
      HttpVersion version,
      HttpMethod method,
      String uri,
      ByteBuf content,
      HttpHeaders headers,
      HttpHeaders trailers) {
    super(version, method, uri, headers);
    this.content = Objects.requireNonNull(content, "content");
    this.trailers = Objects.requireNonNull(trailers, "trailers");
  }

  @Override
  public ByteBuf content() {
    return content;
  }

  @Override
  public HttpHeaders trailingHeaders() {
    HttpHeaders t = trailers;
    if (t == null) {
      trailers = t = HttpHeaders.newTrailers();
    }
    return t;
  }

  @Override
  public DefaultFullHttpRequest setProtocolVersion(HttpVersion version) {
    super.setProtocolVersion(version);
    return this;
  }

  @Override
  public DefaultFullHttpRequest setMethod(HttpMethod method) {
    super.setMethod(method);
    return this;
  }

  @Override
  public DefaultFullHttpRequest setUri(String uri) {
    super.setUri(uri);
    return this;
  }

  @Override
  public FullHttpRequest copy() {
    return replace(content.copy());
  }

  @Override
  public FullHttpRequest duplicate() {
    return replace(content.duplicate());
  }

  @Override
  public FullHttpRequest retainedDuplicate() {
    return replace(content.retainedDuplicate());
  }

  /** Returns a request with {@code content} and copies of these headers and trailers. */
  @Override
  public FullHttpRequest replace(ByteBuf content) {
    return new DefaultFullHttpRequest(
        protocolVersion(),
        method(),
        uri(),
        content,
        headers().copy(),
        trailers == null ? HttpHeaders.newTrailers() : trailers.copy());
  }

  @Override
  public FullHttpRequest retain() {
    content.retain();
    return this;
  }

  @Override
  public FullHttpRequest retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public FullHttpRequest touch() {
    content.touch();
    return this;
  }

  @Override
  public FullHttpRequest touch(Object hint) {
    content.touch(hint);
    return this;
  }
}

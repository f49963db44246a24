package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import java.util.Objects;

/**
 * A whole HTTP response: head, content and trailers.
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
public class DefaultFullHttpResponse extends DefaultHttpResponse implements FullHttpResponse {
  private final ByteBuf content;
  // Made on first use by the constructors without trailers: a message that has none (the usual
  // fixed-length answer, whose encoder never reads them) allocates no map for them.
  private HttpHeaders trailers;

  /**
   * Creates a response with empty content and empty, validating headers and trailers.
   *
   * @param version the protocol version
   * @param status the status
   */
  public DefaultFullHttpResponse(HttpVersion version, HttpResponseStatus status) {
    this(version, status, Unpooled.buffer(0));
  }

  /**
   * Creates a response with empty, validating headers and trailers.
   *
   * @param version the protocol version
   * @param status the status
   * @param content the content, now owned by this message
   */
  public DefaultFullHttpResponse(HttpVersion version, HttpResponseStatus status, ByteBuf content) {
    super(version, status, new HttpHeaders());
    this.content = Objects.requireNonNull(content, "content");
  }

  /**
   * Creates a response from its parts (headers and trailers used as they are).
   *
   * @param version the protocol version
   * @param status the status
   * @param content the content, now owned by this message
   * @param headers the header fields
   * @param trailers the trailer fields
   */
  public DefaultFullHttpResponse(
      HttpVersion version,
      HttpResponseStatus status,
      ByteBuf content,
      HttpHeaders headers,
      HttpHeaders trailers) {
    super(version, status, headers);
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
  public DefaultFullHttpResponse setProtocolVersion(HttpVersion version) {
    super.setProtocolVersion(version);
    return this;
  }

  @Override
  public DefaultFullHttpResponse setStatus(HttpResponseStatus status) {
    super.setStatus(status);
    return this;
  }

  @Override
  public FullHttpResponse copy() {
    return replace(content.copy());
  }

  @Override
  public FullHttpResponse duplicate() {
    return replace(content.duplicate());
  }

  @Override
  public FullHttpResponse retainedDuplicate() {
    return replace(content.retainedDuplicate());
  }

  /** Returns a response with {@code content} and copies of these headers and trailers. */
  @Override
  public FullHttpResponse replace(ByteBuf content) {
    return new DefaultFullHttpResponse(
        protocolVersion(),
        status(),
        content,
        headers().copy(),
        trailers == null ? HttpHeaders.newTrailers() : trailers.copy());
  }

  @Override
  public FullHttpResponse retain() {
    content.retain();
    return this;
  }

  @Override
  public FullHttpResponse retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public FullHttpResponse touch() {
    content.touch();
    return this;
  }

  @Override
  public FullHttpResponse touch(Object hint) {
    content.touch(hint);
    return this;
  }
}

package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import java.util.Objects;

/**
 * The last piece of content, with trailers.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The holder's reference count is the buffer's; releasing the holder releases the buffer.
 */
public class DefaultLastHttpContent extends DefaultHttpObject implements LastHttpContent {
  private final ByteBuf content;
  private final HttpHeaders trailers;

  /** Creates an empty last content with empty, validating trailers. */
  public DefaultLastHttpContent() {
    this(Unpooled.buffer(0));
  }

  /**
   * Creates a last content with empty, validating trailers.
   *
   * @param content the buffer, now owned by this holder
   */
  public DefaultLastHttpContent(ByteBuf content) {
    this(content, HttpHeaders.newTrailers());
  }

  /**
   * Creates a last content.
   *
   * @param content the buffer, now owned by this holder
   * @param trailers the trailer fields, used as they are
   */
  public DefaultLastHttpContent(ByteBuf content, HttpHeaders trailers) {
    this.content = Objects.requireNonNull(content, "content");
    this.trailers = Objects.requireNonNull(trailers, "trailers");
  }

  @Override
  public ByteBuf content() {
    return content;
  }

  @Override
  public HttpHeaders trailingHeaders() {
    return trailers;
  }

  @Override
  public LastHttpContent copy() {
    return replace(content.copy());
  }

  @Override
  public LastHttpContent duplicate() {
    return replace(content.duplicate());
  }

  @Override
  public LastHttpContent retainedDuplicate() {
    return replace(content.retainedDuplicate());
  }

  /** Returns a last content with {@code content} and a copy of these trailers. */
  @Override
  public LastHttpContent replace(ByteBuf content) {
    return new DefaultLastHttpContent(content, trailers.copy());
  }

  @Override
  public LastHttpContent retain() {
    content.retain();
    return this;
  }

  @Override
  public LastHttpContent retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public LastHttpContent touch() {
    content.touch();
    return this;
  }

  @Override
  public LastHttpContent touch(Object hint) {
    content.touch(hint);
    return this;
  }
}

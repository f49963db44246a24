package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import java.util.Objects;

/**
 * A piece of content holding a buffer.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The holder's reference count is the buffer's; releasing the holder releases the buffer.
 */
public class DefaultHttpContent extends DefaultHttpObject implements HttpContent {
  private final ByteBuf content;

  /**
   * Creates a piece of content.
   *
   * @param content the buffer, now owned by this holder
   */
  public DefaultHttpContent(ByteBuf content) {
    this.content = Objects.requireNonNull(content, "content");
  }

  @Override
  public ByteBuf content() {
    return content;
  }

  @Override
  public HttpContent copy() {
    return replace(content.copy());
  }

  @Override
  public HttpContent duplicate() {
    return replace(content.duplicate());
  }

  @Override
  public HttpContent retainedDuplicate() {
    return replace(content.retainedDuplicate());
  }

  @Override
  public HttpContent replace(ByteBuf content) {
    return new DefaultHttpContent(content);
  }

  @Override
  public HttpContent retain() {
    content.retain();
    return this;
  }

  @Override
  public HttpContent retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public HttpContent touch() {
    content.touch();
    return this;
  }

  @Override
  public HttpContent touch(Object hint) {
    content.touch(hint);
    return this;
  }
}

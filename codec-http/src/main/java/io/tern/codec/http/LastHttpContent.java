package io.tern.codec.http;

import io.tern.buffer.ByteBuf;

/**
 * The last piece of the content of an HTTP message, with the trailer fields (empty unless chunked
 * transfer coding carried some).
 *
 * <h2>Threading</h2>
 *
 * As for {@link HttpContent}; {@link #EMPTY_LAST_CONTENT} is shared and immutable.
 *
 * <h2>Ownership</h2>
 *
 * As for {@link HttpContent}: the reference count is the buffer's. {@link #EMPTY_LAST_CONTENT}
 * ignores reference counting.
 */
public interface LastHttpContent extends HttpContent {
  /** A shared last content with no bytes and no trailers; releasing it does nothing. */
  LastHttpContent EMPTY_LAST_CONTENT = EmptyLastHttpContent.INSTANCE;

  /**
   * Returns the trailer fields, mutable in place (read-only for {@link #EMPTY_LAST_CONTENT}).
   *
   * @return the trailers
   */
  HttpHeaders trailingHeaders();

  @Override
  LastHttpContent copy();

  @Override
  LastHttpContent duplicate();

  @Override
  LastHttpContent retainedDuplicate();

  @Override
  LastHttpContent replace(ByteBuf content);

  @Override
  LastHttpContent retain();

  @Override
  LastHttpContent retain(int increment);

  @Override
  LastHttpContent touch();

  @Override
  LastHttpContent touch(Object hint);
}

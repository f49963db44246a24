package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCounted;

/**
 * A piece of the content of an HTTP message, holding a {@link ByteBuf}. The last piece is a {@link
 * LastHttpContent}.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The reference count is the buffer's: whoever holds the content releases it once (a handler that
 * passes it on does not). {@link #duplicate()} shares the buffer without a new reference; {@link
 * #retainedDuplicate()} adds one; {@link #copy()} copies it.
 */
public interface HttpContent extends HttpObject, ReferenceCounted {
  // refCnt and release are the buffer's (written once here); retain and touch return this type.
  /**
   * Returns the buffer, without a new reference.
   *
   * @return the content
   */
  ByteBuf content();

  /**
   * Returns a deep copy; the caller releases it.
   *
   * @return the copy
   */
  HttpContent copy();

  /**
   * Returns a holder sharing the buffer and its reference count.
   *
   * @return the duplicate
   */
  HttpContent duplicate();

  /**
   * Returns a holder sharing the buffer, with one more reference for the caller to release.
   *
   * @return the duplicate
   */
  HttpContent retainedDuplicate();

  /**
   * Returns a holder like this one with another buffer.
   *
   * @param content the buffer, now owned by the result
   * @return the new holder
   */
  HttpContent replace(ByteBuf content);

  @Override
  default int refCnt() {
    return content().refCnt();
  }

  @Override
  default boolean release() {
    return content().release();
  }

  @Override
  default boolean release(int decrement) {
    return content().release(decrement);
  }

  @Override
  HttpContent retain();

  @Override
  HttpContent retain(int increment);

  @Override
  HttpContent touch();

  @Override
  HttpContent touch(Object hint);
}

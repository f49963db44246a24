package io.tern.codec.http;

import io.tern.buffer.ByteBuf;

/**
 * A whole HTTP message in one object: head, all of the content and the trailers, as produced by an
 * aggregator or built by an application.
 *
 * <p>Ownership and threading as for {@link HttpContent}: the reference count is the content
 * buffer's.
 */
public interface FullHttpMessage extends HttpMessage, LastHttpContent {
  @Override
  FullHttpMessage copy();

  @Override
  FullHttpMessage duplicate();

  @Override
  FullHttpMessage retainedDuplicate();

  @Override
  FullHttpMessage replace(ByteBuf content);

  @Override
  FullHttpMessage retain();

  @Override
  FullHttpMessage retain(int increment);

  @Override
  FullHttpMessage touch();

  @Override
  FullHttpMessage touch(Object hint);
}

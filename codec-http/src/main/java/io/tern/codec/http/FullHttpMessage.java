package io.tern.codec.http;

import io.tern.buffer.ByteBuf;

/**
 * A whole HTTP message in one object: head, all of the content and the trailers, as produced by an
 * aggregator or built by an application.
 *
 * <h2>Threading</h2>
 *
 * As for {@link HttpContent}: not thread-safe: one thread at a time, normally the channel's event
 * loop.
 *
 * <h2>Ownership</h2>
 *
 * The reference count is the content buffer's: whoever holds the message releases it once (a
 * handler that passes it on does not).
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

package io.tern.codec.http;

import io.tern.buffer.ByteBuf;

/**
 * A whole HTTP request: head, content and trailers in one object.
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
public interface FullHttpRequest extends HttpRequest, FullHttpMessage {
  @Override
  FullHttpRequest copy();

  @Override
  FullHttpRequest duplicate();

  @Override
  FullHttpRequest retainedDuplicate();

  @Override
  FullHttpRequest replace(ByteBuf content);

  @Override
  FullHttpRequest retain();

  @Override
  FullHttpRequest retain(int increment);

  @Override
  FullHttpRequest touch();

  @Override
  FullHttpRequest touch(Object hint);

  @Override
  FullHttpRequest setProtocolVersion(HttpVersion version);

  @Override
  FullHttpRequest setMethod(HttpMethod method);

  @Override
  FullHttpRequest setUri(String uri);
}

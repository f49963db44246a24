package io.tern.codec.http;

import io.tern.buffer.ByteBuf;

/**
 * A whole HTTP response: head, content and trailers in one object.
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
public interface FullHttpResponse extends HttpResponse, FullHttpMessage {
  @Override
  FullHttpResponse copy();

  @Override
  FullHttpResponse duplicate();

  @Override
  FullHttpResponse retainedDuplicate();

  @Override
  FullHttpResponse replace(ByteBuf content);

  @Override
  FullHttpResponse retain();

  @Override
  FullHttpResponse retain(int increment);

  @Override
  FullHttpResponse touch();

  @Override
  FullHttpResponse touch(Object hint);

  @Override
  FullHttpResponse setProtocolVersion(HttpVersion version);

  @Override
  FullHttpResponse setStatus(HttpResponseStatus status);
}

package io.tern.codec.http;

import io.tern.buffer.ByteBuf;

/**
 * A whole HTTP response: head, content and trailers in one object.
 *
 * <p>Ownership and threading as for {@link HttpContent}: the reference count is the content
 * buffer's.
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

package io.tern.codec.http;

import io.tern.buffer.ByteBuf;

/**
 * A whole HTTP request: head, content and trailers in one object.
 *
 * <p>Ownership and threading as for {@link HttpContent}: the reference count is the content
 * buffer's.
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

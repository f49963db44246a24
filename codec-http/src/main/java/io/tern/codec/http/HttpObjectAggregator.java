package io.tern.codec.http;

import io.tern.buffer.CompositeByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.MessageToMessageDecoder;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Joins an {@link HttpMessage} and its {@link HttpContent}s into one {@link FullHttpRequest} or
 * {@link FullHttpResponse}, with {@code Content-Length} set and chunked coding removed. Put it
 * after the codec.
 *
 * <ul>
 *   <li><b>Limit.</b> Content longer than {@code maxContentLength} is not gathered: a request is
 *       answered {@code 413 Content Too Large} with {@code Connection: close} and the channel is
 *       closed once that is written (its remaining content is discarded meanwhile); a response
 *       fails with {@link TooLongHttpContentException}. A {@code Content-Length} above the limit is
 *       refused before any content arrives.
 *   <li><b>{@code Expect: 100-continue}.</b> A request that fits is answered {@code 100 Continue}
 *       (and the {@code Expect} field removed); one that does not gets {@code 413} without reading
 *       its content; an unsupported expectation gets {@code 417 Expectation Failed}. Both close.
 *   <li><b>Failures.</b> A message whose decoding failed is passed on as a full message carrying
 *       the failed {@link DecoderResult}.
 * </ul>
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Content buffers are retained into a composite buffer that belongs to the full message passed on;
 * whatever is gathered when the channel closes or the handler is removed is released.
 */
public class HttpObjectAggregator extends MessageToMessageDecoder<HttpObject> {
  private final int maxContentLength;
  private HttpMessage head;
  private CompositeByteBuf content;
  private boolean discarding;

  /**
   * Creates an aggregator.
   *
   * @param maxContentLength the largest content gathered, in bytes
   */
  public HttpObjectAggregator(int maxContentLength) {
    super(HttpObject.class);
    if (maxContentLength < 0) {
      throw new IllegalArgumentException(
          "maxContentLength: " + maxContentLength + " (expected: >= 0)");
    }
    this.maxContentLength = maxContentLength;
  }

  /**
   * Returns the limit.
   *
   * @return the largest content gathered, in bytes
   */
  public int maxContentLength() {
    return maxContentLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, HttpObject msg, List<Object> out) {
    if (msg instanceof HttpMessage m) {
      startMessage(ctx, m, out);
    } else if (msg instanceof HttpContent c) {
      addContent(ctx, c, out);
    }
  }

  private void startMessage(ChannelHandlerContext ctx, HttpMessage m, List<Object> out) {
    releaseGathered();
    discarding = false;
    if (m instanceof FullHttpMessage full) {
      out.add(full.retain());
      return;
    }
    if (m.decoderResult().isFailure()) {
      FullHttpMessage full = toFull(m, Unpooled.buffer(0), HttpHeaders.EMPTY);
      full.setDecoderResult(m.decoderResult());
      out.add(full);
      discarding = true;
      return;
    }
    if (m instanceof HttpRequest) {
      if (HttpUtil.isUnsupportedExpectation(m)) {
        refuse(ctx, m, HttpResponseStatus.EXPECTATION_FAILED);
        return;
      }
      if (HttpUtil.contentLength(m, -1) > maxContentLength) {
        refuse(ctx, m, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE);
        return;
      }
      if (HttpUtil.is100ContinueExpected(m)) {
        m.headers().remove(HttpHeaderNames.EXPECT);
        ctx.writeAndFlush(
            new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE, Unpooled.EMPTY_BUFFER));
      }
    } else if (HttpUtil.contentLength(m, -1) > maxContentLength) {
      discarding = true;
      throw new TooLongHttpContentException(
          "the response's Content-Length exceeds " + maxContentLength + " bytes");
    }
    head = m;
    content = ctx.alloc().compositeBuffer(1024);
  }

  private void addContent(ChannelHandlerContext ctx, HttpContent c, List<Object> out) {
    boolean last = c instanceof LastHttpContent;
    if (discarding || head == null) {
      if (last) {
        discarding = false;
      }
      return;
    }
    if (content.readableBytes() > maxContentLength - c.content().readableBytes()) {
      HttpMessage m = head;
      releaseGathered();
      if (m instanceof HttpRequest) {
        refuse(ctx, m, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE);
        discarding = !last;
        return;
      }
      discarding = !last;
      throw new TooLongHttpContentException(
          "the response's content exceeds " + maxContentLength + " bytes");
    }
    if (c.content().isReadable()) {
      content.addComponent(true, c.content().retain());
    }
    if (last) {
      LastHttpContent l = (LastHttpContent) c;
      FullHttpMessage full = toFull(head, content, l.trailingHeaders());
      if (l.decoderResult().isFailure()) {
        full.setDecoderResult(l.decoderResult());
      }
      head = null;
      content = null;
      out.add(full);
    }
  }

  private static FullHttpMessage toFull(
      HttpMessage m, io.tern.buffer.ByteBuf body, HttpHeaders trailers) {
    HttpHeaders headers = m.headers();
    if (HttpUtil.isTransferEncodingChunked(m)) {
      headers.remove(HttpHeaderNames.TRANSFER_ENCODING);
    }
    headers.setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
    HttpHeaders t =
        trailers.isEmpty() ? HttpHeaders.newTrailers(HttpHeaders.Validation.NONE) : trailers.copy();
    if (m instanceof HttpRequest r) {
      return new DefaultFullHttpRequest(r.protocolVersion(), r.method(), r.uri(), body, headers, t);
    }
    HttpResponse r = (HttpResponse) m;
    return new DefaultFullHttpResponse(r.protocolVersion(), r.status(), body, headers, t);
  }

  /** Answers a request with {@code status}, closes once written, and discards its content. */
  private void refuse(ChannelHandlerContext ctx, HttpMessage request, HttpResponseStatus status) {
    discarding = true;
    DefaultFullHttpResponse response =
        new DefaultFullHttpResponse(request.protocolVersion(), status, Unpooled.EMPTY_BUFFER);
    response.headers().set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO);
    response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    ctx.writeAndFlush(response).addListener(f -> ctx.close());
  }

  private void releaseGathered() {
    head = null;
    if (content != null) {
      CompositeByteBuf c = content;
      content = null;
      ReferenceCountUtil.release(c);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    releaseGathered();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    releaseGathered();
  }
}

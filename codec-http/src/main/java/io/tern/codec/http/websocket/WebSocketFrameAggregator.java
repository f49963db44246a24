package io.tern.codec.http.websocket;

import io.tern.buffer.CompositeByteBuf;
import io.tern.codec.MessageToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Joins the fragments of a message into one {@link TextWebSocketFrame} or {@link
 * BinaryWebSocketFrame}, so the application sees whole messages. Control frames (which may arrive
 * between fragments) pass through at once; an unfragmented message passes through untouched.
 *
 * <p>The fragments' payloads are joined in a composite buffer (no copy). A message longer than
 * {@code maxContentLength} is dropped and fails with a {@link CorruptedWebSocketFrameException}
 * with status 1009, which the protocol handlers answer with a close frame.
 *
 * <h2>Threading</h2>
 *
 * One instance per channel; all calls on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * Fragments are owned by the aggregator until the whole message is passed on (owned by the next
 * handler); a partial message is released when the handler is removed or the channel closes.
 */
public final class WebSocketFrameAggregator extends MessageToMessageDecoder<WebSocketFrame> {
  private final int maxContentLength;
  private boolean text;
  private int rsv;
  private CompositeByteBuf content;

  /**
   * Creates an aggregator.
   *
   * @param maxContentLength the largest message payload, in bytes
   */
  public WebSocketFrameAggregator(int maxContentLength) {
    super(WebSocketFrame.class);
    if (maxContentLength < 0) {
      throw new IllegalArgumentException("maxContentLength < 0");
    }
    this.maxContentLength = maxContentLength;
  }

  @Override
  public boolean acceptInboundMessage(Object msg) {
    if (!(msg instanceof WebSocketFrame f)) {
      return false;
    }
    if (content == null) {
      return !f.isFinalFragment()
          && (f instanceof TextWebSocketFrame || f instanceof BinaryWebSocketFrame);
    }
    return f instanceof ContinuationWebSocketFrame;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, WebSocketFrame frame, List<Object> out) {
    if (content == null) {
      text = frame instanceof TextWebSocketFrame;
      rsv = frame.rsv();
      content = ctx.alloc().compositeBuffer(1024);
    }
    if ((long) content.readableBytes() + frame.content().readableBytes() > maxContentLength) {
      discard();
      throw new CorruptedWebSocketFrameException(
          WebSocketCloseStatus.MESSAGE_TOO_BIG, "message over " + maxContentLength + " bytes");
    }
    content.addComponent(true, frame.content().retain());
    if (frame.isFinalFragment()) {
      WebSocketFrame whole =
          text
              ? new TextWebSocketFrame(true, rsv, content)
              : new BinaryWebSocketFrame(true, rsv, content);
      content = null;
      out.add(whole);
    }
  }

  private void discard() {
    if (content != null) {
      content.release();
      content = null;
    }
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    discard();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    discard();
    ctx.fireChannelInactive();
  }
}

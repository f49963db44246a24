package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Carries a byte stream in binary WebSocket messages, so that a protocol written for TCP (MQTT's
 * {@code mqtt} subprotocol, STOMP, …) runs unchanged behind a WebSocket handshake: the payload of
 * every binary frame read (first or continuation) passes on as a {@link ByteBuf}, and every {@code
 * ByteBuf} written leaves as one final {@link BinaryWebSocketFrame}.
 *
 * <pre>{@code
 * ch.pipeline().addLast(
 *     new HttpServerCodec(), new HttpObjectAggregator(8192),
 *     new WebSocketServerProtocolHandler(
 *         WebSocketServerProtocolConfig.builder("/mqtt").subprotocols("mqtt").build()),
 *     new WebSocketByteStreamAdapter(),
 *     MqttDecoder.forServer(limits), new MqttEncoder(), broker);
 * }</pre>
 *
 * <p>Frame boundaries mean nothing to the stream: the decoder behind the adapter accumulates bytes
 * as it would from TCP, so a packet may span frames and a frame may hold several packets. A text
 * message is not part of a byte stream (MQTT over WebSocket, section 6, requires the connection to
 * be closed on one): the adapter drops it and writes a close frame with status 1003, after which
 * the protocol handler ends the close handshake; everything read after that is dropped. Pings and
 * pongs that reach the adapter (when the protocol handler is configured to pass them on) are
 * dropped; messages that are not frames pass on unchanged, so the adapter may sit in the pipeline
 * before the handshake.
 *
 * <h2>Threading</h2>
 *
 * One instance per channel; all calls on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * A binary frame's payload passes on with the frame's reference (the next handler releases it);
 * every other frame read is released here. A {@code ByteBuf} written becomes the payload of the
 * frame written, which the encoder releases.
 */
public final class WebSocketByteStreamAdapter implements ChannelHandler {
  /** Whether the message being read is a text message (dropped with its continuations). */
  private boolean inText;

  private boolean closed;

  /** Creates an adapter. */
  public WebSocketByteStreamAdapter() {}

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (!(msg instanceof WebSocketFrame frame)) {
      ctx.fireChannelRead(msg);
      return;
    }
    if (frame instanceof TextWebSocketFrame) {
      inText = !frame.isFinalFragment();
      frame.release();
      refuseText(ctx);
      return;
    }
    if (frame instanceof ContinuationWebSocketFrame && inText) {
      inText = !frame.isFinalFragment();
      frame.release();
      return;
    }
    if (closed
        || !(frame instanceof BinaryWebSocketFrame
            || frame instanceof ContinuationWebSocketFrame)) {
      frame.release();
      return;
    }
    ByteBuf payload = frame.content();
    if (!payload.isReadable()) {
      payload.release();
      return;
    }
    ctx.fireChannelRead(payload);
  }

  private void refuseText(ChannelHandlerContext ctx) {
    if (closed) {
      return;
    }
    closed = true;
    ctx.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.INVALID_MESSAGE_TYPE));
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (msg instanceof ByteBuf buf) {
      if (closed) {
        ReferenceCountUtil.release(buf);
        promise.tryFailure(new IllegalStateException("the WebSocket is closing"));
        return;
      }
      ctx.write(new BinaryWebSocketFrame(buf), promise);
      return;
    }
    ctx.write(msg, promise);
  }
}

package io.tern.codec.http.websocket.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.CompositeByteBuf;
import io.tern.codec.http.websocket.CorruptedWebSocketFrameException;
import io.tern.codec.http.websocket.WebSocketCloseStatus;
import io.tern.codec.http.websocket.WebSocketFrame;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * permessage-deflate on one connection, between the frame codec and the protocol handler: inflates
 * the compressed messages read (and checks a text message's UTF-8 after inflating, which the frame
 * decoder leaves to it) and compresses the messages written.
 *
 * <p>It also enforces the extension's use of the RSV bits (RFC 7692, section 6), which the frame
 * decoder lets through once an extension is negotiated: RSV1 only on the first frame of a data
 * message, RSV2 and RSV3 never. A violation, a message inflating beyond the limit (1009), bad
 * deflate data or bad UTF-8 (1007) is passed on as a {@link CorruptedWebSocketFrameException} to
 * the protocol handler, which answers it with a close frame; every frame read after it is dropped.
 *
 * <p>One instance per channel, on its event loop. Consumes the compressed frames it reads and
 * writes (passing on new ones owned by the next handler); holds a compressor and an inflater, freed
 * when the handler is removed.
 */
public final class PerMessageDeflateHandler implements ChannelHandler {
  private final MessageDeflater deflater;
  private final MessageInflater inflater;
  private final boolean validateUtf8;
  private final Utf8Validator utf8 = new Utf8Validator();

  /** Whether the message being read is compressed. */
  private boolean inflating;

  private boolean validating;
  private boolean failed;

  /**
   * Creates the handler.
   *
   * @param params the agreed parameters
   * @param maxMessageLength the largest inflated message
   * @param validateUtf8 whether inflated text is checked to be UTF-8
   */
  public PerMessageDeflateHandler(
      DeflateParams params, long maxMessageLength, boolean validateUtf8) {
    this.deflater = new MessageDeflater(params);
    this.inflater = new MessageInflater(params, maxMessageLength);
    this.validateUtf8 = validateUtf8;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (!(msg instanceof WebSocketFrame frame)) {
      ctx.fireChannelRead(msg);
      return;
    }
    if (failed) {
      frame.release();
      return;
    }
    int opcode = frame.opcode();
    int rsv = frame.rsv();
    if (opcode >= 0x8) {
      if (rsv != 0) {
        fail(ctx, frame, WebSocketCloseStatus.PROTOCOL_ERROR, "RSV bits on a control frame");
        return;
      }
      ctx.fireChannelRead(frame);
      return;
    }
    if (opcode != 0x0) {
      if ((rsv & 3) != 0) {
        fail(ctx, frame, WebSocketCloseStatus.PROTOCOL_ERROR, "RSV2 or RSV3 set: " + rsv);
        return;
      }
      inflating = rsv == 4;
      validating = inflating && validateUtf8 && opcode == 0x1;
      utf8.reset();
    } else if (rsv != 0) {
      fail(ctx, frame, WebSocketCloseStatus.PROTOCOL_ERROR, "RSV bits on a continuation frame");
      return;
    }
    if (!inflating) {
      ctx.fireChannelRead(frame);
      return;
    }
    boolean fin = frame.isFinalFragment();
    ByteBuf out;
    try {
      out = inflater.inflate(ctx.alloc(), frame.content(), fin);
    } catch (CorruptedWebSocketFrameException e) {
      failed = true;
      frame.release();
      ctx.fireExceptionCaught(e);
      return;
    }
    WebSocketFrame inflated = MessageDeflater.Frames.withPayload(frame, fin, 0, out);
    frame.release();
    if (validating && (!validUtf8(out) || (fin && !utf8.isComplete()))) {
      fail(ctx, inflated, WebSocketCloseStatus.INVALID_PAYLOAD_DATA, "text is not UTF-8");
      return;
    }
    if (fin) {
      inflating = false;
    }
    ctx.fireChannelRead(inflated);
  }

  /**
   * Feeds the inflated bytes to the validator, a chunk at a time when the inflater made several.
   */
  private boolean validUtf8(ByteBuf out) {
    if (out instanceof CompositeByteBuf chunks) {
      for (ByteBuf chunk : chunks) {
        if (utf8.feed(chunk, chunk.readerIndex(), chunk.readableBytes()) >= 0) {
          return false;
        }
      }
      return true;
    }
    return utf8.feed(out, out.readerIndex(), out.readableBytes()) < 0;
  }

  private void fail(
      ChannelHandlerContext ctx, WebSocketFrame frame, WebSocketCloseStatus status, String why) {
    failed = true;
    frame.release();
    ctx.fireExceptionCaught(new CorruptedWebSocketFrameException(status, why));
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (msg instanceof WebSocketFrame frame) {
      WebSocketFrame out;
      try {
        out = deflater.encode(ctx.alloc(), frame);
      } catch (RuntimeException e) {
        frame.release();
        promise.tryFailure(e);
        return;
      }
      ctx.write(out, promise);
      return;
    }
    ctx.write(msg, promise);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    deflater.end();
    inflater.end();
  }
}

package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.codec.EncoderException;
import io.tern.codec.MessageToMessageEncoder;
import io.tern.codec.http.internal.OutboundBatch;
import io.tern.codec.http.websocket.internal.FrameWriter;
import io.tern.codec.http.websocket.internal.Masking;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.VoidChannelPromise;
import java.util.List;

/**
 * Encodes {@link WebSocketFrame}s into RFC 6455 frames. A client's encoder ({@link #forClient})
 * masks every frame with a fresh, unpredictable key (a per-thread ChaCha20 keystream seeded from
 * {@link java.security.SecureRandom}, as RFC 6455 section 5.3 asks); a server's ({@link
 * #forServer}) never masks.
 *
 * <p>Unmasked payloads up to 1 KiB are copied behind their header; larger ones are written as the
 * header followed by the payload itself (no copy). A masked payload is always copied, since the
 * application's buffer may be shared (the same message sent to many connections) and must not be
 * changed; it is masked eight bytes at a time in the copy. Control frames longer than 125 bytes or
 * not final are refused ({@code IllegalArgumentException} failing the write).
 *
 * <p><b>Small frames written between two flushes share one buffer.</b> Every frame whose payload is
 * copied (up to 1 KiB) is appended to a buffer of up to 4 KiB that the encoder passes on when it is
 * full, at the next flush, before any other message or larger frame, when a write's promise is not
 * the {@linkplain VoidChannelPromise void promise} (the buffer then carries that promise: it
 * completes when the frame's bytes, and those before it, are written), and when the encoder is
 * removed. So a burst of small echoes costs one buffer and one entry in the channel's outbound
 * queue instead of one per frame; the bytes on the wire are the same, in the same order. A frame
 * that fails half-way leaves none of its bytes in that buffer. Bytes written by a handler between
 * this encoder and the transport (the decoder's own close frame) do not pass through it: such a
 * handler flushes the channel first (see {@link WebSocketFrameDecoder}).
 *
 * <h2>Threading</h2>
 *
 * One instance per channel; all calls on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * Each frame written is released once encoded; the bytes passed on are owned by the next handler.
 * The buffer of small frames not yet passed on is owned by the encoder until it is passed on (at
 * the latest when the encoder is removed, as on the channel's close).
 */
public final class WebSocketFrameEncoder extends MessageToMessageEncoder<WebSocketFrame> {
  /** The size of the buffer that small frames between flushes are appended to. */
  static final int BATCH_CAPACITY = 4096;

  private final boolean maskPayload;

  /**
   * Small frames written since the last flush, not yet passed on. Its buffers have a fixed capacity
   * (the least asked for is the estimate's bound), which {@link #append} fills without growing it.
   */
  private final OutboundBatch batch = new OutboundBatch(BATCH_CAPACITY);

  private WebSocketFrameEncoder(boolean maskPayload) {
    super(WebSocketFrame.class);
    this.maskPayload = maskPayload;
  }

  /**
   * Returns an encoder for a client: every frame masked.
   *
   * @return a new encoder
   */
  public static WebSocketFrameEncoder forClient() {
    return new WebSocketFrameEncoder(true);
  }

  /**
   * Returns an encoder for a server: no frame masked.
   *
   * @return a new encoder
   */
  public static WebSocketFrameEncoder forServer() {
    return new WebSocketFrameEncoder(false);
  }

  /**
   * Returns whether this encoder masks (a client's).
   *
   * @return {@code true} for a client
   */
  public boolean masksPayload() {
    return maskPayload;
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (msg instanceof WebSocketFrame frame
        && frame.content().readableBytes() <= FrameWriter.COPY_THRESHOLD) {
      append(ctx, frame);
      if (!VoidChannelPromise.isVoid(promise)) {
        batch.pass(ctx, promise);
      }
      return;
    }
    batch.pass(ctx);
    super.write(ctx, msg, promise);
  }

  /**
   * Encodes {@code frame} (released here, whatever happens) behind the frames in the batch; a frame
   * that fails leaves none of its bytes in the batch.
   */
  private void append(ChannelHandlerContext ctx, WebSocketFrame frame) {
    ByteBuf b = null;
    try {
      ByteBuf data = frame.content();
      int length = data.readableBytes();
      int opcode = frame.opcode();
      checkControlFrame(frame, length, opcode);
      int headerLength = FrameWriter.headerLength(length, maskPayload);
      if (batch.readableBytes() + headerLength + length > BATCH_CAPACITY) {
        batch.pass(ctx);
      }
      b = batch.take(ctx, BATCH_CAPACITY);
      if (maskPayload) {
        int key = FrameWriter.newMaskKey();
        FrameWriter.writeHeader(b, frame.isFinalFragment(), frame.rsv(), opcode, length, true, key);
        int payload = b.writerIndex();
        Masking.maskCopy(data, data.readerIndex(), b, payload, length, key);
        b.writerIndex(payload + length);
      } else {
        FrameWriter.writeHeader(b, frame.isFinalFragment(), frame.rsv(), opcode, length, false, 0);
        b.writeBytes(data, data.readerIndex(), length);
      }
      batch.put(b);
    } catch (RuntimeException e) {
      if (b != null) {
        // A header without its payload would make the peer read the next frames as this payload.
        batch.rollBack(b);
      }
      throw e instanceof IllegalArgumentException ? new EncoderException(e) : e;
    } finally {
      frame.release();
    }
  }

  @Override
  public void flush(ChannelHandlerContext ctx) throws Exception {
    batch.pass(ctx);
    ctx.flush();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
    if (ctx.channel().isActive()) {
      // Left to the handlers behind as any unflushed write is: written, not flushed.
      batch.pass(ctx);
    } else {
      // Closed (the pipeline is being taken down): nothing can be written any more.
      batch.release();
    }
  }

  private static void checkControlFrame(WebSocketFrame frame, int length, int opcode) {
    if (opcode >= 0x8 && (length > 125 || !frame.isFinalFragment())) {
      throw new IllegalArgumentException(
          "control frame must be final and at most 125 bytes: " + frame);
    }
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, WebSocketFrame frame, List<Object> out) {
    ByteBuf data = frame.content();
    int length = data.readableBytes();
    int opcode = frame.opcode();
    checkControlFrame(frame, length, opcode);
    int headerLength = FrameWriter.headerLength(length, maskPayload);
    if (maskPayload) {
      int key = FrameWriter.newMaskKey();
      ByteBuf buf = ctx.alloc().buffer(headerLength + length);
      FrameWriter.writeHeader(buf, frame.isFinalFragment(), frame.rsv(), opcode, length, true, key);
      int payload = buf.writerIndex();
      buf.ensureWritable(length);
      Masking.maskCopy(data, data.readerIndex(), buf, payload, length, key);
      buf.writerIndex(payload + length);
      out.add(buf);
    } else if (length <= FrameWriter.COPY_THRESHOLD) {
      ByteBuf buf = ctx.alloc().buffer(headerLength + length);
      FrameWriter.writeHeader(buf, frame.isFinalFragment(), frame.rsv(), opcode, length, false, 0);
      buf.writeBytes(data, data.readerIndex(), length);
      out.add(buf);
    } else {
      ByteBuf buf = ctx.alloc().buffer(headerLength);
      FrameWriter.writeHeader(buf, frame.isFinalFragment(), frame.rsv(), opcode, length, false, 0);
      out.add(buf);
      out.add(data.retainedSlice());
    }
  }
}

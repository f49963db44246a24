package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToMessageEncoder;
import io.tern.codec.http.websocket.internal.FrameWriter;
import io.tern.codec.http.websocket.internal.Masking;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Encodes {@link WebSocketFrame}s into RFC 6455 frames. A client's encoder ({@link #forClient})
 * masks every frame with a fresh, unpredictable key (a per-thread ChaCha20 keystream seeded from
 * {@link java.security.SecureRandom}, as RFC 6455 section 5.3 asks); a server's ({@link
 * #forServer}) never masks.
 *
 * <p>Unmasked payloads up to 1 KiB are copied behind their header into one buffer; larger ones are
 * written as the header followed by the payload itself (no copy). A masked payload is always
 * copied, since the application's buffer may be shared (the same message sent to many connections)
 * and must not be changed; it is masked eight bytes at a time in the copy. Control frames longer
 * than 125 bytes or not final are refused ({@code IllegalArgumentException} failing the write).
 *
 * <h2>Threading</h2>
 *
 * One instance per channel; all calls on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * Each frame written is released once encoded; the bytes passed on are owned by the next handler.
 */
public final class WebSocketFrameEncoder extends MessageToMessageEncoder<WebSocketFrame> {
  private final boolean maskPayload;

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
  protected void encode(ChannelHandlerContext ctx, WebSocketFrame frame, List<Object> out) {
    ByteBuf data = frame.content();
    int length = data.readableBytes();
    int opcode = frame.opcode();
    if (opcode >= 0x8 && (length > 125 || !frame.isFinalFragment())) {
      throw new IllegalArgumentException(
          "control frame must be final and at most 125 bytes: " + frame);
    }
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

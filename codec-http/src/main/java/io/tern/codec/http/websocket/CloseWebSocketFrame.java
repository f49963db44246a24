package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * A close frame (opcode {@code 0x8}): an empty payload, or a two-byte status code followed by a
 * UTF-8 reason; at most 125 bytes, never fragmented.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The frame owns its payload; releasing the frame releases it.
 */
public final class CloseWebSocketFrame extends WebSocketFrame {
  /** Creates a close frame with an empty payload (no status). */
  public CloseWebSocketFrame() {
    this(Unpooled.EMPTY_BUFFER);
  }

  /**
   * Creates a close frame carrying {@code status}.
   *
   * @param status the code and reason
   */
  public CloseWebSocketFrame(WebSocketCloseStatus status) {
    this(status.code(), status.reason());
  }

  /**
   * Creates a close frame carrying {@code code} and {@code reason}.
   *
   * @param code the status code
   * @param reason the reason, at most 123 bytes of UTF-8
   * @throws IllegalArgumentException if the reason is too long
   */
  public CloseWebSocketFrame(int code, String reason) {
    this(true, 0, payload(code, reason));
  }

  /**
   * Creates a close frame holding a raw payload.
   *
   * @param content the payload, now owned by this frame
   */
  public CloseWebSocketFrame(ByteBuf content) {
    this(true, 0, content);
  }

  /**
   * Creates a close frame.
   *
   * @param finalFragment the FIN bit (a valid close frame has it set)
   * @param rsv the RSV bits
   * @param content the payload, now owned by this frame
   */
  public CloseWebSocketFrame(boolean finalFragment, int rsv, ByteBuf content) {
    super(finalFragment, rsv, content);
  }

  private static ByteBuf payload(int code, String reason) {
    byte[] text = reason.getBytes(StandardCharsets.UTF_8);
    if (text.length > 123) {
      throw new IllegalArgumentException("close reason longer than 123 bytes");
    }
    if (code < 0 || code > 0xFFFF) {
      throw new IllegalArgumentException("close code out of range: " + code);
    }
    ByteBuf buf = Unpooled.buffer(2 + text.length);
    buf.writeShort(code);
    buf.writeBytes(text);
    return buf;
  }

  /**
   * Returns the status code, or {@code -1} if the payload holds none.
   *
   * @return the code
   */
  public int statusCode() {
    ByteBuf c = content();
    return c.readableBytes() < 2 ? -1 : c.getUnsignedShort(c.readerIndex());
  }

  /**
   * Returns the reason, or {@code ""} if the payload holds none.
   *
   * @return the reason
   */
  public String reasonText() {
    ByteBuf c = content();
    return c.readableBytes() <= 2
        ? ""
        : c.toString(c.readerIndex() + 2, c.readableBytes() - 2, StandardCharsets.UTF_8);
  }

  @Override
  public int opcode() {
    return 0x8;
  }

  @Override
  public CloseWebSocketFrame replace(ByteBuf content) {
    return new CloseWebSocketFrame(isFinalFragment(), rsv(), content);
  }
}

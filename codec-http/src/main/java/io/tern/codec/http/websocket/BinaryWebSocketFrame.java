package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;

/**
 * A binary frame (opcode {@code 0x2}): the first (or only) frame of a binary message.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The frame owns its payload; releasing the frame releases it.
 */
public final class BinaryWebSocketFrame extends WebSocketFrame {
  /**
   * Creates a final frame without RSV bits.
   *
   * @param content the payload, now owned by this frame
   */
  public BinaryWebSocketFrame(ByteBuf content) {
    this(true, 0, content);
  }

  /**
   * Creates a frame.
   *
   * @param finalFragment the FIN bit
   * @param rsv the RSV bits
   * @param content the payload, now owned by this frame
   */
  public BinaryWebSocketFrame(boolean finalFragment, int rsv, ByteBuf content) {
    super(finalFragment, rsv, content);
  }

  /** Creates a final frame with an empty payload. */
  public BinaryWebSocketFrame() {
    this(Unpooled.EMPTY_BUFFER);
  }

  @Override
  public int opcode() {
    return 0x2;
  }

  @Override
  public BinaryWebSocketFrame replace(ByteBuf content) {
    return new BinaryWebSocketFrame(isFinalFragment(), rsv(), content);
  }
}

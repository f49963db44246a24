package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;

/**
 * A pong (opcode {@code 0xA}): the answer to a ping, or an unsolicited heartbeat; at most 125
 * bytes, never fragmented.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The frame owns its payload; releasing the frame releases it.
 */
public final class PongWebSocketFrame extends WebSocketFrame {
  /**
   * Creates a final frame without RSV bits.
   *
   * @param content the payload, now owned by this frame
   */
  public PongWebSocketFrame(ByteBuf content) {
    this(true, 0, content);
  }

  /**
   * Creates a frame.
   *
   * @param finalFragment the FIN bit
   * @param rsv the RSV bits
   * @param content the payload, now owned by this frame
   */
  public PongWebSocketFrame(boolean finalFragment, int rsv, ByteBuf content) {
    super(finalFragment, rsv, content);
  }

  /** Creates a final frame with an empty payload. */
  public PongWebSocketFrame() {
    this(Unpooled.EMPTY_BUFFER);
  }

  @Override
  public int opcode() {
    return 0xA;
  }

  @Override
  public PongWebSocketFrame replace(ByteBuf content) {
    return new PongWebSocketFrame(isFinalFragment(), rsv(), content);
  }
}

package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;

/**
 * A ping (opcode {@code 0x9}): a control frame of at most 125 bytes, never fragmented, that the
 * peer answers with a pong carrying the same payload.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The frame owns its payload; releasing the frame releases it.
 */
public final class PingWebSocketFrame extends WebSocketFrame {
  /**
   * Creates a final frame without RSV bits.
   *
   * @param content the payload, now owned by this frame
   */
  public PingWebSocketFrame(ByteBuf content) {
    this(true, 0, content);
  }

  /**
   * Creates a frame.
   *
   * @param finalFragment the FIN bit
   * @param rsv the RSV bits
   * @param content the payload, now owned by this frame
   */
  public PingWebSocketFrame(boolean finalFragment, int rsv, ByteBuf content) {
    super(finalFragment, rsv, content);
  }

  /** Creates a final frame with an empty payload. */
  public PingWebSocketFrame() {
    this(Unpooled.EMPTY_BUFFER);
  }

  @Override
  public int opcode() {
    return 0x9;
  }

  @Override
  public PingWebSocketFrame replace(ByteBuf content) {
    return new PingWebSocketFrame(isFinalFragment(), rsv(), content);
  }
}

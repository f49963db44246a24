package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;

/**
 * A continuation frame (opcode {@code 0x0}): a further fragment of the text or binary message in
 * progress.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The frame owns its payload; releasing the frame releases it.
 */
public final class ContinuationWebSocketFrame extends WebSocketFrame {
  /**
   * Creates a final frame without RSV bits.
   *
   * @param content the payload, now owned by this frame
   */
  public ContinuationWebSocketFrame(ByteBuf content) {
    this(true, 0, content);
  }

  /**
   * Creates a frame.
   *
   * @param finalFragment the FIN bit
   * @param rsv the RSV bits
   * @param content the payload, now owned by this frame
   */
  public ContinuationWebSocketFrame(boolean finalFragment, int rsv, ByteBuf content) {
    super(finalFragment, rsv, content);
  }

  /** Creates a final frame with an empty payload. */
  public ContinuationWebSocketFrame() {
    this(Unpooled.EMPTY_BUFFER);
  }

  @Override
  public int opcode() {
    return 0x0;
  }

  @Override
  public ContinuationWebSocketFrame replace(ByteBuf content) {
    return new ContinuationWebSocketFrame(isFinalFragment(), rsv(), content);
  }
}

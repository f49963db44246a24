package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * A text frame (opcode {@code 0x1}): the first (or only) frame of a text message, whose payload is
 * UTF-8. A fragment may end inside a character; the whole message is valid UTF-8.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The frame owns its payload; releasing the frame releases it.
 */
public final class TextWebSocketFrame extends WebSocketFrame {
  /**
   * Creates a final frame holding {@code text} encoded as UTF-8.
   *
   * @param text the text
   */
  public TextWebSocketFrame(String text) {
    this(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8));
  }

  /**
   * Creates a final frame without RSV bits.
   *
   * @param content the UTF-8 payload, now owned by this frame
   */
  public TextWebSocketFrame(ByteBuf content) {
    this(true, 0, content);
  }

  /**
   * Creates a frame.
   *
   * @param finalFragment the FIN bit
   * @param rsv the RSV bits
   * @param content the UTF-8 payload, now owned by this frame
   */
  public TextWebSocketFrame(boolean finalFragment, int rsv, ByteBuf content) {
    super(finalFragment, rsv, content);
  }

  @Override
  public int opcode() {
    return 0x1;
  }

  @Override
  public TextWebSocketFrame replace(ByteBuf content) {
    return new TextWebSocketFrame(isFinalFragment(), rsv(), content);
  }
}

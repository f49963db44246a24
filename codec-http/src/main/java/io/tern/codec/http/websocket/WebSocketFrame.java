package io.tern.codec.http.websocket;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCounted;
import java.util.Objects;

/**
 * A WebSocket frame (RFC 6455, section 5): its payload, its FIN bit and its three RSV bits. The
 * kind of frame is the subclass; the payload is always unmasked.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-+-+-+-+-------+-+-------------+-------------------------------+
 * |F|R|R|R| opcode|M| Payload len |    Extended payload length    |
 * |I|S|S|S|  (4)  |A|     (7)     |             (16/64)           |
 * |N|V|V|V|       |S|             |   (if payload len==126/127)   |
 * | |1|2|3|       |K|             |                               |
 * +-+-+-+-+-------+-+-------------+ - - - - - - - - - - - - - - - +
 * |     Extended payload length continued, if payload len == 127  |
 * + - - - - - - - - - - - - - - - +-------------------------------+
 * |                               |Masking-key, if MASK set to 1  |
 * +-------------------------------+-------------------------------+
 * | Masking-key (continued)       |          Payload Data         |
 * +-------------------------------- - - - - - - - - - - - - - - - +
 * </pre>
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The frame's reference count is its payload buffer's; releasing the frame releases the buffer. A
 * handler that consumes a frame releases it; one that passes it on does not.
 */
public abstract class WebSocketFrame implements ReferenceCounted {
  private final boolean finalFragment;
  private final int rsv;
  private final ByteBuf content;

  /**
   * Creates a frame.
   *
   * @param finalFragment the FIN bit
   * @param rsv the RSV bits, {@code 0..7} (RSV1 is 4)
   * @param content the unmasked payload, now owned by this frame
   */
  protected WebSocketFrame(boolean finalFragment, int rsv, ByteBuf content) {
    if ((rsv & ~7) != 0) {
      throw new IllegalArgumentException("rsv must be 0..7: " + rsv);
    }
    this.finalFragment = finalFragment;
    this.rsv = rsv;
    this.content = Objects.requireNonNull(content, "content");
  }

  /**
   * Returns the opcode this kind of frame is sent with.
   *
   * @return {@code 0x0..0xA}
   */
  public abstract int opcode();

  /**
   * Returns whether this is the last frame of its message (the FIN bit).
   *
   * @return the FIN bit
   */
  public final boolean isFinalFragment() {
    return finalFragment;
  }

  /**
   * Returns the RSV bits: RSV1 is {@code 4}, RSV2 {@code 2}, RSV3 {@code 1}.
   *
   * @return {@code 0..7}
   */
  public final int rsv() {
    return rsv;
  }

  /**
   * Returns the unmasked payload.
   *
   * @return the payload buffer, owned by this frame
   */
  public final ByteBuf content() {
    return content;
  }

  /**
   * Returns a frame of the same kind, FIN and RSV holding {@code content}.
   *
   * @param content the new payload, owned by the new frame
   * @return the new frame
   */
  public abstract WebSocketFrame replace(ByteBuf content);

  /**
   * Returns a frame with a copy of the payload.
   *
   * @return the copy, with its own reference count
   */
  public WebSocketFrame copy() {
    return replace(content.copy());
  }

  /**
   * Returns a frame sharing the payload and its reference count, with a retained count.
   *
   * @return the duplicate; release it as well
   */
  public WebSocketFrame retainedDuplicate() {
    return replace(content.retainedDuplicate());
  }

  /**
   * Returns the payload decoded as UTF-8 (for text and close frames, the text).
   *
   * @return the payload as text
   */
  public String text() {
    return content.toString(
        content.readerIndex(), content.readableBytes(), java.nio.charset.StandardCharsets.UTF_8);
  }

  @Override
  public int refCnt() {
    return content.refCnt();
  }

  @Override
  public WebSocketFrame retain() {
    content.retain();
    return this;
  }

  @Override
  public WebSocketFrame retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public WebSocketFrame touch() {
    content.touch();
    return this;
  }

  @Override
  public WebSocketFrame touch(Object hint) {
    content.touch(hint);
    return this;
  }

  @Override
  public boolean release() {
    return content.release();
  }

  @Override
  public boolean release(int decrement) {
    return content.release(decrement);
  }

  @Override
  public String toString() {
    return getClass().getSimpleName()
        + "(fin: "
        + finalFragment
        + ", rsv: "
        + rsv
        + ", length: "
        + (content.refCnt() > 0 ? content.readableBytes() : -1)
        + ")";
  }
}

package io.tern.codec.redis;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCounted;
import java.util.Objects;

/**
 * A piece of a streamed bulk string, after its {@link BulkStringHeaderRedisMessage}; the last piece
 * is {@linkplain #isLast() marked} (Netty's {@code LastBulkStringRedisContent}).
 *
 * <h2>Threading</h2>
 *
 * Any thread, one at a time; the reference count is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * The piece's reference count is its buffer's: releasing it releases the buffer.
 */
public final class BulkStringRedisContent implements RedisMessage, ReferenceCounted {
  private final ByteBuf content;
  private final boolean last;

  private BulkStringRedisContent(ByteBuf content, boolean last) {
    this.content = Objects.requireNonNull(content, "content");
    this.last = last;
  }

  /**
   * Creates a piece that more pieces follow.
   *
   * @param content the bytes, now owned by the piece
   * @return the piece
   */
  public static BulkStringRedisContent of(ByteBuf content) {
    return new BulkStringRedisContent(content, false);
  }

  /**
   * Creates the last piece of a bulk string.
   *
   * @param content the bytes, now owned by the piece
   * @return the piece
   */
  public static BulkStringRedisContent last(ByteBuf content) {
    return new BulkStringRedisContent(content, true);
  }

  /**
   * Returns the bytes of this piece.
   *
   * @return the buffer, owned by this piece
   */
  public ByteBuf content() {
    return content;
  }

  /**
   * Tells whether this piece ends its bulk string.
   *
   * @return {@code true} for the last piece
   */
  public boolean isLast() {
    return last;
  }

  @Override
  public RedisMessageType type() {
    return RedisMessageType.BULK_STRING_CONTENT;
  }

  @Override
  public int refCnt() {
    return content.refCnt();
  }

  @Override
  public BulkStringRedisContent retain() {
    content.retain();
    return this;
  }

  @Override
  public BulkStringRedisContent retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public BulkStringRedisContent touch() {
    content.touch();
    return this;
  }

  @Override
  public BulkStringRedisContent touch(Object hint) {
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
    return "BulkStringRedisContent["
        + content.readableBytes()
        + " bytes"
        + (last ? ", last]" : "]");
  }
}

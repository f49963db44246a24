package io.tern.codec.redis;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCounted;
import java.nio.charset.Charset;
import java.util.Objects;

/**
 * A whole bulk string: {@code $5\r\nhello\r\n}; binary-safe. {@link #NULL_INSTANCE} is RESP2's null
 * ({@code $-1\r\n}).
 *
 * <h2>Threading</h2>
 *
 * Any thread, one at a time; the reference count is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * The message's reference count is its buffer's: releasing the message releases the buffer. A
 * message from the decoder holds a retained slice of what was received (the bytes are not copied),
 * so keeping it keeps that memory. {@link #NULL_INSTANCE} and {@link #EMPTY_INSTANCE} are shared
 * and unaffected by release.
 */
public final class FullBulkStringRedisMessage implements RedisMessage, ReferenceCounted {
  /** RESP2's null bulk string, {@code $-1\r\n}. */
  public static final FullBulkStringRedisMessage NULL_INSTANCE =
      new FullBulkStringRedisMessage(Unpooled.EMPTY_BUFFER, true);

  /** The empty bulk string, {@code $0\r\n\r\n}. */
  public static final FullBulkStringRedisMessage EMPTY_INSTANCE =
      new FullBulkStringRedisMessage(Unpooled.EMPTY_BUFFER, false);

  private final ByteBuf content;
  private final boolean isNull;

  /**
   * Creates a bulk string holding {@code content}.
   *
   * @param content the bytes (its readable bytes), now owned by this message
   */
  public FullBulkStringRedisMessage(ByteBuf content) {
    this(Objects.requireNonNull(content, "content"), false);
  }

  private FullBulkStringRedisMessage(ByteBuf content, boolean isNull) {
    this.content = content;
    this.isNull = isNull;
  }

  /**
   * Returns the bytes; empty for the null bulk string.
   *
   * @return the buffer, owned by this message
   */
  public ByteBuf content() {
    return content;
  }

  /**
   * Tells whether this is RESP2's null bulk string.
   *
   * @return {@code true} for {@link #NULL_INSTANCE}
   */
  public boolean isNull() {
    return isNull;
  }

  /**
   * Decodes the bytes as text.
   *
   * @param charset the character set
   * @return the text; {@code null} for the null bulk string
   */
  public String toString(Charset charset) {
    return isNull ? null : content.toString(charset);
  }

  @Override
  public RedisMessageType type() {
    return RedisMessageType.BULK_STRING;
  }

  @Override
  public int refCnt() {
    return content.refCnt();
  }

  @Override
  public FullBulkStringRedisMessage retain() {
    content.retain();
    return this;
  }

  @Override
  public FullBulkStringRedisMessage retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public FullBulkStringRedisMessage touch() {
    content.touch();
    return this;
  }

  @Override
  public FullBulkStringRedisMessage touch(Object hint) {
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
    return isNull
        ? "FullBulkStringRedisMessage[null]"
        : "FullBulkStringRedisMessage[" + content.readableBytes() + " bytes]";
  }
}

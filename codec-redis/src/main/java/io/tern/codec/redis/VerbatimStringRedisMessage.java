package io.tern.codec.redis;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCounted;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A RESP3 verbatim string: {@code =15\r\ntxt:Some string\r\n}, text with a three-letter format
 * ({@code txt}, {@code mkd}) that a client shows as it is.
 *
 * <h2>Threading</h2>
 *
 * Any thread, one at a time; the reference count is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * The message's reference count is its buffer's: releasing the message releases the buffer.
 */
public final class VerbatimStringRedisMessage implements RedisMessage, ReferenceCounted {
  private final String format;
  private final ByteBuf content;

  /**
   * Creates a verbatim string.
   *
   * @param format exactly three characters, none of them {@code ':'}, CR or LF
   * @param content the text's bytes (after the format and its colon), now owned by this message
   * @throws IllegalArgumentException if the format is not three such characters
   */
  public VerbatimStringRedisMessage(String format, ByteBuf content) {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(content, "content");
    if (format.length() != 3
        || format.getBytes(StandardCharsets.UTF_8).length != 3
        || format.indexOf(':') >= 0
        || format.indexOf('\r') >= 0
        || format.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("format: '" + format + "' (expected 3 ASCII characters)");
    }
    this.format = format;
    this.content = content;
  }

  /**
   * Returns the format.
   *
   * @return three characters, such as {@code txt}
   */
  public String format() {
    return format;
  }

  /**
   * Returns the text's bytes.
   *
   * @return the buffer, owned by this message
   */
  public ByteBuf content() {
    return content;
  }

  @Override
  public RedisMessageType type() {
    return RedisMessageType.VERBATIM_STRING;
  }

  @Override
  public int refCnt() {
    return content.refCnt();
  }

  @Override
  public VerbatimStringRedisMessage retain() {
    content.retain();
    return this;
  }

  @Override
  public VerbatimStringRedisMessage retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public VerbatimStringRedisMessage touch() {
    content.touch();
    return this;
  }

  @Override
  public VerbatimStringRedisMessage touch(Object hint) {
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
    return "VerbatimStringRedisMessage[" + format + ", " + content.readableBytes() + " bytes]";
  }
}

package io.tern.codec.smtp;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCounted;
import java.util.Objects;

/**
 * A piece of the message body written after {@code DATA}'s 354 reply: the bytes as the message
 * holds them (lines ended by CR LF); {@link SmtpRequestEncoder} dot-stuffs them and, after the
 * {@linkplain #isLast() last} piece, ends the body with {@code CRLF . CRLF}.
 *
 * <h2>Threading</h2>
 *
 * Any thread, one at a time; the reference count is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * The piece's reference count is its buffer's; the encoder releases it once written.
 */
public final class SmtpContent implements ReferenceCounted {
  private final ByteBuf content;
  private final boolean last;

  private SmtpContent(ByteBuf content, boolean last) {
    this.content = Objects.requireNonNull(content, "content");
    this.last = last;
  }

  /**
   * A piece that more pieces follow.
   *
   * @param content the bytes, now owned by the piece
   * @return the piece
   */
  public static SmtpContent of(ByteBuf content) {
    return new SmtpContent(content, false);
  }

  /**
   * The last piece: the body ends after it.
   *
   * @param content the bytes (may be empty), now owned by the piece
   * @return the piece
   */
  public static SmtpContent last(ByteBuf content) {
    return new SmtpContent(content, true);
  }

  /**
   * Returns the bytes.
   *
   * @return the buffer, owned by this piece
   */
  public ByteBuf content() {
    return content;
  }

  /**
   * Tells whether the body ends after this piece.
   *
   * @return {@code true} for the last piece
   */
  public boolean isLast() {
    return last;
  }

  @Override
  public int refCnt() {
    return content.refCnt();
  }

  @Override
  public SmtpContent retain() {
    content.retain();
    return this;
  }

  @Override
  public SmtpContent retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public SmtpContent touch() {
    content.touch();
    return this;
  }

  @Override
  public SmtpContent touch(Object hint) {
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
    return "SmtpContent[" + content.readableBytes() + " bytes" + (last ? ", last]" : "]");
  }
}

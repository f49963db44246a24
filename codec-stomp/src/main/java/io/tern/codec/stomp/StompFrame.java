package io.tern.codec.stomp;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCounted;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A whole STOMP frame: a {@link StompCommand}, {@link StompHeaders} and a body.
 *
 * <pre>{@code
 * StompFrame send = new StompFrame(StompCommand.SEND, Unpooled.copiedBuffer("hi", UTF_8));
 * send.headers().add(StompHeaders.DESTINATION, "/queue/a").add(StompHeaders.RECEIPT, "r-1");
 * channel.writeAndFlush(send); // the codec adds content-length and releases the frame
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * Any thread, one at a time; the reference count is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * The frame's reference count is its body's: releasing the frame releases the body. A frame from
 * the decoder holds a retained slice of the received bytes (the body is not copied), so keeping it
 * keeps that memory; a frame written is released by the codec.
 */
public final class StompFrame implements ReferenceCounted {
  private final StompCommand command;
  private final StompHeaders headers;
  private final ByteBuf content;

  /**
   * Creates a frame without a body.
   *
   * @param command the command
   */
  public StompFrame(StompCommand command) {
    this(command, new StompHeaders(), Unpooled.EMPTY_BUFFER);
  }

  /**
   * Creates a frame with a body.
   *
   * @param command the command
   * @param content the body (its readable bytes), now owned by the frame
   */
  public StompFrame(StompCommand command, ByteBuf content) {
    this(command, new StompHeaders(), content);
  }

  /**
   * Creates a frame.
   *
   * @param command the command
   * @param headers the headers, now the frame's
   * @param content the body (its readable bytes), now owned by the frame
   */
  public StompFrame(StompCommand command, StompHeaders headers, ByteBuf content) {
    this.command = Objects.requireNonNull(command, "command");
    this.headers = Objects.requireNonNull(headers, "headers");
    this.content = Objects.requireNonNull(content, "content");
  }

  /**
   * Returns the command.
   *
   * @return the command
   */
  public StompCommand command() {
    return command;
  }

  /**
   * Returns the headers, which may be changed until the frame is written.
   *
   * @return the headers
   */
  public StompHeaders headers() {
    return headers;
  }

  /**
   * Returns the body.
   *
   * @return the buffer, owned by this frame; empty when there is no body
   */
  public ByteBuf content() {
    return content;
  }

  /**
   * Decodes the body as text.
   *
   * @param charset the character set
   * @return the text
   */
  public String contentAsString(Charset charset) {
    return content.toString(charset);
  }

  /**
   * Decodes the body as UTF-8.
   *
   * @return the text
   */
  public String contentAsString() {
    return contentAsString(StandardCharsets.UTF_8);
  }

  @Override
  public int refCnt() {
    return content.refCnt();
  }

  @Override
  public StompFrame retain() {
    content.retain();
    return this;
  }

  @Override
  public StompFrame retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public StompFrame touch() {
    content.touch();
    return this;
  }

  @Override
  public StompFrame touch(Object hint) {
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
    return "StompFrame["
        + command
        + ", "
        + headers
        + ", "
        + content.readableBytes()
        + " bytes of body]";
  }
}

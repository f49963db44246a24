package io.tern.codec.http2;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCounted;
import java.util.Objects;

/**
 * Content of a stream. On the way out, content larger than the peer's maximum frame size or than
 * the flow-control windows allow is sent in several {@code DATA} frames as the windows open; on the
 * way in, each frame is one {@code Http2DataFrame}, and its bytes count against the windows until
 * the codec returns them (when the frame has been read by the application, see {@link
 * Http2FrameCodec}).
 *
 * <h2>Threading</h2>
 *
 * Event loop of the channel it travels on.
 *
 * <h2>Ownership</h2>
 *
 * Owns its content: {@link #release()} releases it. Whoever receives the frame releases it or
 * passes it on.
 */
public final class Http2DataFrame implements Http2StreamFrame, ReferenceCounted {
  private final int streamId;
  private final ByteBuf content;
  private final boolean endStream;
  private final int padding;

  /**
   * Creates a frame for an {@link Http2StreamChannel}, which fills in its stream (stream id 0).
   *
   * @param content the bytes, owned by the frame from now on
   * @param endStream whether the sender's side of the stream ends with it
   */
  public Http2DataFrame(ByteBuf content, boolean endStream) {
    this(0, content, endStream, 0);
  }

  /**
   * Creates a frame.
   *
   * @param streamId the stream (0 on a frame written to an {@link Http2StreamChannel}: its own)
   * @param content the bytes, owned by the frame from now on
   * @param endStream whether the sender's side of the stream ends with it
   */
  public Http2DataFrame(int streamId, ByteBuf content, boolean endStream) {
    this(streamId, content, endStream, 0);
  }

  /**
   * Creates a frame with padding.
   *
   * @param streamId the stream (0 on a frame written to an {@link Http2StreamChannel}: its own)
   * @param content the bytes, owned by the frame from now on
   * @param endStream whether the stream ends
   * @param padding for an outbound frame, padding bytes to add (0 to 255); for an inbound one, the
   *     padding and pad-length bytes it carried (they count against flow control too)
   */
  public Http2DataFrame(int streamId, ByteBuf content, boolean endStream, int padding) {
    if (streamId < 0) {
      throw new IllegalArgumentException("streamId: " + streamId);
    }
    if (padding < 0 || padding > 256) {
      throw new IllegalArgumentException("padding: " + padding);
    }
    this.streamId = streamId;
    this.content = Objects.requireNonNull(content, "content");
    this.endStream = endStream;
    this.padding = padding;
  }

  @Override
  public int streamId() {
    return streamId;
  }

  /**
   * Returns the content.
   *
   * @return the bytes, owned by this frame
   */
  public ByteBuf content() {
    return content;
  }

  /**
   * Returns whether the sender's side of the stream ends with this frame.
   *
   * @return {@code true} for the last frame
   */
  public boolean endStream() {
    return endStream;
  }

  /**
   * Returns the padding.
   *
   * @return bytes
   */
  public int padding() {
    return padding;
  }

  /**
   * Returns the bytes this frame counts against flow control: content plus padding.
   *
   * @return bytes
   */
  public int flowControlledBytes() {
    return content.readableBytes() + padding;
  }

  @Override
  public String name() {
    return "DATA";
  }

  @Override
  public int refCnt() {
    return content.refCnt();
  }

  @Override
  public Http2DataFrame retain() {
    content.retain();
    return this;
  }

  @Override
  public Http2DataFrame retain(int increment) {
    content.retain(increment);
    return this;
  }

  @Override
  public Http2DataFrame touch() {
    content.touch();
    return this;
  }

  @Override
  public Http2DataFrame touch(Object hint) {
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
    StringBuilder b = new StringBuilder("Http2DataFrame[stream ").append(streamId);
    b.append(", ").append(content.readableBytes()).append(" bytes");
    if (endStream) {
      b.append(", end");
    }
    return b.append(']').toString();
  }
}

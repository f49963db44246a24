package io.tern.codec.frame;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Splits the stream into frames of a fixed number of bytes.
 *
 * <pre>
 *   +---+----+------+----+          +-----+-----+-----+
 *   | A | BC | DEFG | HI |   --&gt;    | ABC | DEF | GHI |   (frameLength 3)
 *   +---+----+------+----+          +-----+-----+-----+
 * </pre>
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Each frame is a retained slice of the cumulation, owned by the next handler.
 */
public class FixedLengthFrameDecoder extends ByteToMessageDecoder {
  private final int frameLength;

  /**
   * Creates a decoder.
   *
   * @param frameLength the length of every frame
   * @throws IllegalArgumentException if {@code frameLength} is not positive
   */
  public FixedLengthFrameDecoder(int frameLength) {
    if (frameLength <= 0) {
      throw new IllegalArgumentException("frameLength: " + frameLength + " (expected: > 0)");
    }
    this.frameLength = frameLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (in.readableBytes() >= frameLength) {
      out.add(in.readRetainedSlice(frameLength));
    }
  }
}

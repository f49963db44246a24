package io.tern.codec.frame;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.TooLongFrameException;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Splits the stream into frames prefixed by their length as a base-128 varint32 (the Protocol
 * Buffers length-delimited encoding), and strips the prefix.
 *
 * <pre>
 *   +--------+---------------+        +---------------+
 *   | 0xAC02 |  300 bytes    |  --&gt;   |  300 bytes    |
 *   +--------+---------------+        +---------------+
 * </pre>
 *
 * <p>A prefix longer than five bytes, or one that overflows or encodes a negative 32-bit value,
 * throws a {@link CorruptedFrameException}, after which all further input is dropped (the frame
 * boundaries are lost). A frame longer than {@code maxFrameLength} is discarded as it arrives and
 * reported as a {@link TooLongFrameException} through {@code exceptionCaught} as soon as its prefix
 * is read; decoding resumes with the next frame.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Each frame is a retained slice of the cumulation, owned by the next handler.
 */
public class Varint32FrameDecoder extends ByteToMessageDecoder {
  private final int maxFrameLength;
  private long bytesToDiscard;
  private boolean corrupted;

  /**
   * Creates a decoder.
   *
   * @param maxFrameLength the longest frame accepted, prefix excluded
   * @throws IllegalArgumentException if {@code maxFrameLength} is negative
   */
  public Varint32FrameDecoder(int maxFrameLength) {
    if (maxFrameLength < 0) {
      throw new IllegalArgumentException("maxFrameLength: " + maxFrameLength + " (expected: >= 0)");
    }
    this.maxFrameLength = maxFrameLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (corrupted) {
      in.skipBytes(in.readableBytes());
      return;
    }
    if (bytesToDiscard > 0) {
      int skip = (int) Math.min(bytesToDiscard, in.readableBytes());
      in.skipBytes(skip);
      bytesToDiscard -= skip;
      if (bytesToDiscard > 0) {
        return;
      }
    }
    int readerIndex = in.readerIndex();
    int available = in.readableBytes();
    int value = 0;
    int prefix = 0;
    while (true) {
      if (prefix == available) {
        return; // the prefix is incomplete
      }
      byte b = in.getByte(readerIndex + prefix);
      if (prefix == 4 && (b & 0xF0) != 0) {
        // A fifth byte may carry only the top four bits and must end the prefix.
        throw corrupted(in, "malformed varint32 length prefix");
      }
      value |= (b & 0x7F) << (7 * prefix);
      prefix++;
      if (b >= 0) {
        break;
      }
    }
    if (value < 0) {
      throw corrupted(in, "negative varint32 length: " + value);
    }
    if (value > maxFrameLength) {
      in.skipBytes(prefix);
      long here = Math.min(value, in.readableBytes());
      in.skipBytes((int) here);
      bytesToDiscard = value - here;
      ctx.fireExceptionCaught(
          new TooLongFrameException(
              "frame length (" + value + ") exceeds the allowed maximum (" + maxFrameLength + ")"));
      return;
    }
    if (available - prefix < value) {
      return;
    }
    in.skipBytes(prefix);
    out.add(in.readRetainedSlice(value));
  }

  /** Drops everything, now and from now on: the frame boundaries are lost. */
  private CorruptedFrameException corrupted(ByteBuf in, String message) {
    corrupted = true;
    in.skipBytes(in.readableBytes());
    return new CorruptedFrameException(message);
  }
}

package io.tern.codec.frame;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.TooLongFrameException;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Splits the stream into frames whose length is given by a field in each frame's header.
 *
 * <pre>
 *   lengthFieldOffset = 1, lengthFieldLength = 2, lengthAdjustment = 1, initialBytesToStrip = 3
 *
 *   BEFORE (17 bytes)                            AFTER (13 bytes)
 *   +------+--------+------+----------------+    +------+----------------+
 *   | HDR1 | Length | HDR2 | Actual Content |---&gt;| HDR2 | Actual Content |
 *   | 0xCA | 0x000C | 0xFE | "HELLO, WORLD" |    | 0xFE | "HELLO, WORLD" |
 *   +------+--------+------+----------------+    +------+----------------+
 * </pre>
 *
 * <p>The length field is {@code lengthFieldLength} (1, 2, 3, 4 or 8) bytes at {@code
 * lengthFieldOffset}, unsigned (an 8-byte value with its top bit set is corrupt), in {@code
 * byteOrder}. The whole frame is {@code lengthFieldOffset + lengthFieldLength + value +
 * lengthAdjustment} bytes long; use a negative adjustment when the value counts the header too. The
 * first {@code initialBytesToStrip} bytes of each frame are dropped before it is passed on.
 *
 * <p>Limits: a frame longer than {@code maxFrameLength} is discarded as its bytes arrive (never
 * buffered) and reported as a {@link TooLongFrameException} through {@code exceptionCaught}: as
 * soon as its length field is read when {@code failFast} (the default), otherwise once it has been
 * skipped entirely; decoding then resumes with the next frame. A length that makes the frame
 * shorter than its own header or than {@code initialBytesToStrip}, or a negative one, throws a
 * {@link CorruptedFrameException}; the frame boundaries are then lost, so the decoder drops all
 * further input (close the channel).
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Each frame is a retained slice of the cumulation (see {@link #extractFrame}), owned by the next
 * handler.
 */
public class LengthFieldBasedFrameDecoder extends ByteToMessageDecoder {
  private final ByteOrder byteOrder;
  private final int maxFrameLength;
  private final int lengthFieldOffset;
  private final int lengthFieldLength;
  private final int lengthFieldEndOffset;
  private final int lengthAdjustment;
  private final int initialBytesToStrip;
  private final boolean failFast;

  private boolean corrupted;
  private boolean discardingTooLongFrame;
  private long tooLongFrameLength;
  private long bytesToDiscard;

  /** Length of the frame whose length field was read but whose bytes are not all here, or -1. */
  private int pendingFrameLength = -1;

  /**
   * Creates a big-endian decoder that strips nothing and fails fast.
   *
   * @param maxFrameLength the longest frame accepted, whole frame counted
   * @param lengthFieldOffset where the length field starts
   * @param lengthFieldLength 1, 2, 3, 4 or 8
   */
  public LengthFieldBasedFrameDecoder(
      int maxFrameLength, int lengthFieldOffset, int lengthFieldLength) {
    this(maxFrameLength, lengthFieldOffset, lengthFieldLength, 0, 0);
  }

  /**
   * Creates a big-endian decoder that fails fast.
   *
   * @param maxFrameLength the longest frame accepted, whole frame counted
   * @param lengthFieldOffset where the length field starts
   * @param lengthFieldLength 1, 2, 3, 4 or 8
   * @param lengthAdjustment added to the field's value to get the length after the field
   * @param initialBytesToStrip bytes dropped from the start of each frame
   */
  public LengthFieldBasedFrameDecoder(
      int maxFrameLength,
      int lengthFieldOffset,
      int lengthFieldLength,
      int lengthAdjustment,
      int initialBytesToStrip) {
    this(
        ByteOrder.BIG_ENDIAN,
        maxFrameLength,
        lengthFieldOffset,
        lengthFieldLength,
        lengthAdjustment,
        initialBytesToStrip,
        true);
  }

  /**
   * Creates a decoder.
   *
   * @param byteOrder the length field's byte order
   * @param maxFrameLength the longest frame accepted, whole frame counted
   * @param lengthFieldOffset where the length field starts
   * @param lengthFieldLength 1, 2, 3, 4 or 8
   * @param lengthAdjustment added to the field's value to get the length after the field
   * @param initialBytesToStrip bytes dropped from the start of each frame
   * @param failFast whether a too-long frame is reported as soon as its length field is read
   * @throws IllegalArgumentException if an argument is out of range
   */
  public LengthFieldBasedFrameDecoder(
      ByteOrder byteOrder,
      int maxFrameLength,
      int lengthFieldOffset,
      int lengthFieldLength,
      int lengthAdjustment,
      int initialBytesToStrip,
      boolean failFast) {
    if (byteOrder == null) {
      throw new NullPointerException("byteOrder");
    }
    if (maxFrameLength <= 0) {
      throw new IllegalArgumentException("maxFrameLength: " + maxFrameLength + " (expected: > 0)");
    }
    if (lengthFieldOffset < 0) {
      throw new IllegalArgumentException(
          "lengthFieldOffset: " + lengthFieldOffset + " (expected: >= 0)");
    }
    if (initialBytesToStrip < 0) {
      throw new IllegalArgumentException(
          "initialBytesToStrip: " + initialBytesToStrip + " (expected: >= 0)");
    }
    switch (lengthFieldLength) {
      case 1, 2, 3, 4, 8 -> {}
      default ->
          throw new IllegalArgumentException(
              "lengthFieldLength: " + lengthFieldLength + " (expected: 1, 2, 3, 4 or 8)");
    }
    if (lengthFieldOffset > maxFrameLength - lengthFieldLength) {
      throw new IllegalArgumentException(
          "maxFrameLength ("
              + maxFrameLength
              + ") must be at least lengthFieldOffset ("
              + lengthFieldOffset
              + ") + lengthFieldLength ("
              + lengthFieldLength
              + ")");
    }
    this.byteOrder = byteOrder;
    this.maxFrameLength = maxFrameLength;
    this.lengthFieldOffset = lengthFieldOffset;
    this.lengthFieldLength = lengthFieldLength;
    this.lengthFieldEndOffset = lengthFieldOffset + lengthFieldLength;
    this.lengthAdjustment = lengthAdjustment;
    this.initialBytesToStrip = initialBytesToStrip;
    this.failFast = failFast;
  }

  @Override
  protected final void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    ByteBuf frame = decode(ctx, in);
    if (frame != null) {
      out.add(frame);
    }
  }

  /**
   * Decodes one frame.
   *
   * @param ctx this handler's context
   * @param in the cumulation
   * @return the frame, or {@code null} if none is complete
   */
  protected ByteBuf decode(ChannelHandlerContext ctx, ByteBuf in) {
    if (corrupted) {
      in.skipBytes(in.readableBytes());
      return null;
    }
    if (discardingTooLongFrame) {
      discardTooLongFrame(ctx, in);
      if (discardingTooLongFrame) {
        return null;
      }
    }
    int frameLength = pendingFrameLength;
    if (frameLength < 0) {
      if (in.readableBytes() < lengthFieldEndOffset) {
        return null;
      }
      long length =
          getUnadjustedFrameLength(
              in, in.readerIndex() + lengthFieldOffset, lengthFieldLength, byteOrder);
      if (length < 0) {
        throw corrupted(in, "negative length field: " + length);
      }
      // Saturates instead of overflowing for huge 8-byte fields.
      long adjusted =
          length > Integer.MAX_VALUE * 4L
              ? Long.MAX_VALUE
              : length + lengthAdjustment + lengthFieldEndOffset;
      if (adjusted < lengthFieldEndOffset) {
        throw corrupted(
            in,
            "adjusted frame length ("
                + adjusted
                + ") is less than lengthFieldEndOffset: "
                + lengthFieldEndOffset);
      }
      if (adjusted > maxFrameLength) {
        startDiscarding(ctx, in, adjusted);
        return null;
      }
      frameLength = (int) adjusted;
    }
    if (in.readableBytes() < frameLength) {
      pendingFrameLength = frameLength;
      return null;
    }
    pendingFrameLength = -1;
    if (initialBytesToStrip > frameLength) {
      throw corrupted(
          in,
          "adjusted frame length ("
              + frameLength
              + ") is less than initialBytesToStrip: "
              + initialBytesToStrip);
    }
    in.skipBytes(initialBytesToStrip);
    int readerIndex = in.readerIndex();
    int actualFrameLength = frameLength - initialBytesToStrip;
    ByteBuf frame = extractFrame(ctx, in, readerIndex, actualFrameLength);
    in.readerIndex(readerIndex + actualFrameLength);
    return frame;
  }

  /** Drops everything, now and from now on: the frame boundaries are lost. */
  private CorruptedFrameException corrupted(ByteBuf in, String message) {
    corrupted = true;
    in.skipBytes(in.readableBytes());
    return new CorruptedFrameException(message);
  }

  private void startDiscarding(ChannelHandlerContext ctx, ByteBuf in, long frameLength) {
    long discard = frameLength - in.readableBytes();
    tooLongFrameLength = frameLength;
    if (discard <= 0) {
      // The whole frame is here: drop it and report.
      in.skipBytes((int) frameLength);
      tooLongFrameLength = 0;
      fail(ctx, frameLength);
      return;
    }
    discardingTooLongFrame = true;
    bytesToDiscard = discard;
    in.skipBytes(in.readableBytes());
    if (failFast) {
      fail(ctx, frameLength);
    }
  }

  private void discardTooLongFrame(ChannelHandlerContext ctx, ByteBuf in) {
    int skip = (int) Math.min(bytesToDiscard, in.readableBytes());
    in.skipBytes(skip);
    bytesToDiscard -= skip;
    if (bytesToDiscard == 0) {
      long length = tooLongFrameLength;
      tooLongFrameLength = 0;
      discardingTooLongFrame = false;
      if (!failFast) {
        fail(ctx, length);
      }
    }
  }

  /**
   * Reads the length field's raw value; override to decode a length encoded differently.
   *
   * @param buf the cumulation
   * @param offset the field's absolute index
   * @param length the field's length
   * @param order the field's byte order
   * @return the value (unsigned for 1 to 4 bytes)
   */
  protected long getUnadjustedFrameLength(ByteBuf buf, int offset, int length, ByteOrder order) {
    boolean be = order == ByteOrder.BIG_ENDIAN;
    return switch (length) {
      case 1 -> buf.getUnsignedByte(offset);
      case 2 -> be ? buf.getUnsignedShort(offset) : buf.getUnsignedShortLE(offset);
      case 3 -> be ? buf.getUnsignedMedium(offset) : buf.getUnsignedMediumLE(offset);
      case 4 -> be ? buf.getUnsignedInt(offset) : buf.getUnsignedIntLE(offset);
      case 8 -> be ? buf.getLong(offset) : buf.getLongLE(offset);
      default -> throw new IllegalStateException("unsupported lengthFieldLength: " + length);
    };
  }

  /**
   * Makes the frame passed on from the cumulation; the default is a retained slice. Override to
   * copy it instead.
   *
   * @param ctx this handler's context
   * @param buffer the cumulation
   * @param index where the frame starts
   * @param length the frame's length
   * @return a buffer the next handler owns
   */
  protected ByteBuf extractFrame(ChannelHandlerContext ctx, ByteBuf buffer, int index, int length) {
    return buffer.retainedSlice(index, length);
  }

  private void fail(ChannelHandlerContext ctx, long frameLength) {
    ctx.fireExceptionCaught(
        new TooLongFrameException(
            "frame length ("
                + frameLength
                + ") exceeds the allowed maximum ("
                + maxFrameLength
                + ")"));
  }
}

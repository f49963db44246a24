package io.tern.codec.frame;

import io.tern.buffer.ByteBuf;
import io.tern.codec.EncoderException;
import io.tern.codec.MessageToMessageEncoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Prepends the length of each outbound buffer, the counterpart of {@link
 * LengthFieldBasedFrameDecoder} with {@code lengthFieldOffset} 0.
 *
 * <pre>
 *   +----------------+        +--------+----------------+
 *   | "HELLO, WORLD" |  --&gt;   | 0x000C | "HELLO, WORLD" |   (lengthFieldLength 2)
 *   +----------------+        +--------+----------------+
 * </pre>
 *
 * <p>The written length is the buffer's readable bytes plus {@code lengthAdjustment}, plus {@code
 * lengthFieldLength} if {@code lengthIncludesLengthFieldLength}. A length that does not fit the
 * field, or is negative, fails the write with an {@link EncoderException}.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; stateless, may be shared between pipelines.
 *
 * <h2>Ownership</h2>
 *
 * The header is a new buffer and the message is passed on as it is (retained, then released by the
 * encoder base class), so the content is never copied; both belong to the next handler.
 */
public class LengthFieldPrepender extends MessageToMessageEncoder<ByteBuf> {
  private final ByteOrder byteOrder;
  private final int lengthFieldLength;
  private final boolean lengthIncludesLengthFieldLength;
  private final int lengthAdjustment;

  /**
   * Creates a big-endian prepender whose length counts the content only.
   *
   * @param lengthFieldLength 1, 2, 3, 4 or 8
   */
  public LengthFieldPrepender(int lengthFieldLength) {
    this(ByteOrder.BIG_ENDIAN, lengthFieldLength, 0, false);
  }

  /**
   * Creates a prepender.
   *
   * @param byteOrder the length field's byte order
   * @param lengthFieldLength 1, 2, 3, 4 or 8
   * @param lengthAdjustment added to the length written
   * @param lengthIncludesLengthFieldLength whether the length counts the field itself
   * @throws IllegalArgumentException if {@code lengthFieldLength} is not 1, 2, 3, 4 or 8
   */
  public LengthFieldPrepender(
      ByteOrder byteOrder,
      int lengthFieldLength,
      int lengthAdjustment,
      boolean lengthIncludesLengthFieldLength) {
    super(ByteBuf.class);
    if (byteOrder == null) {
      throw new NullPointerException("byteOrder");
    }
    switch (lengthFieldLength) {
      case 1, 2, 3, 4, 8 -> {}
      default ->
          throw new IllegalArgumentException(
              "lengthFieldLength: " + lengthFieldLength + " (expected: 1, 2, 3, 4 or 8)");
    }
    this.byteOrder = byteOrder;
    this.lengthFieldLength = lengthFieldLength;
    this.lengthAdjustment = lengthAdjustment;
    this.lengthIncludesLengthFieldLength = lengthIncludesLengthFieldLength;
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, ByteBuf msg, List<Object> out) {
    long length = (long) msg.readableBytes() + lengthAdjustment;
    if (lengthIncludesLengthFieldLength) {
      length += lengthFieldLength;
    }
    if (length < 0) {
      throw new EncoderException("adjusted frame length (" + length + ") is less than zero");
    }
    boolean be = byteOrder == ByteOrder.BIG_ENDIAN;
    ByteBuf header = ctx.alloc().buffer(lengthFieldLength);
    try {
      switch (lengthFieldLength) {
        case 1 -> {
          checkFits(length, 0xFFL);
          header.writeByte((int) length);
        }
        case 2 -> {
          checkFits(length, 0xFFFFL);
          if (be) {
            header.writeShort((int) length);
          } else {
            header.writeShortLE((int) length);
          }
        }
        case 3 -> {
          checkFits(length, 0xFFFFFFL);
          if (be) {
            header.writeMedium((int) length);
          } else {
            header.writeMediumLE((int) length);
          }
        }
        case 4 -> {
          checkFits(length, 0xFFFFFFFFL);
          if (be) {
            header.writeInt((int) length);
          } else {
            header.writeIntLE((int) length);
          }
        }
        default -> {
          if (be) {
            header.writeLong(length);
          } else {
            header.writeLongLE(length);
          }
        }
      }
    } catch (RuntimeException e) {
      header.release();
      throw e;
    }
    out.add(header);
    out.add(msg.retain());
  }

  private void checkFits(long length, long max) {
    if (length > max) {
      throw new EncoderException(
          "length " + length + " does not fit into a " + lengthFieldLength + "-byte field");
    }
  }
}

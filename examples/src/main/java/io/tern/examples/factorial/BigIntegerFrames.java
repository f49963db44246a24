package io.tern.examples.factorial;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.MessageToMessageDecoder;
import io.tern.codec.MessageToMessageEncoder;
import io.tern.codec.frame.LengthFieldBasedFrameDecoder;
import io.tern.codec.frame.LengthFieldPrepender;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import java.math.BigInteger;
import java.util.List;

/**
 * The factorial examples' wire format: each {@link BigInteger} travels as a 4-byte big-endian
 * length and then its two's-complement bytes ({@link BigInteger#toByteArray()}). Framing and its
 * limit come from the {@code codec} module's {@link LengthFieldBasedFrameDecoder} and {@link
 * LengthFieldPrepender}; only the conversion between a frame and a number is written here.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link #addTo} runs wherever the pipeline is built; the handlers it adds hold per-channel
 * state (the frame decoder's cumulation) and run on the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Frames are released once converted to numbers; an encoded number's buffer belongs to the
 * pipeline. Holds no reference-counted objects itself.
 */
public final class BigIntegerFrames {
  private BigIntegerFrames() {}

  /**
   * Adds the decoder and encoder of numbers to a pipeline.
   *
   * @param pipeline a new channel's pipeline
   * @param maxNumberBytes the largest encoded number accepted; a longer frame fails the channel
   *     with a {@code TooLongFrameException} before its bytes are buffered
   */
  public static void addTo(ChannelPipeline pipeline, int maxNumberBytes) {
    pipeline
        .addLast(new LengthFieldBasedFrameDecoder(maxNumberBytes + 4, 0, 4, 0, 4))
        .addLast(new NumberDecoder())
        .addLast(new LengthFieldPrepender(4))
        .addLast(new NumberEncoder());
  }

  /** A frame's bytes to a number; an empty frame is not a number. */
  private static final class NumberDecoder extends MessageToMessageDecoder<ByteBuf> {
    NumberDecoder() {
      super(ByteBuf.class);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf frame, List<Object> out) {
      if (!frame.isReadable()) {
        throw new CorruptedFrameException("an empty frame is not a number");
      }
      out.add(new BigInteger(ByteBufUtil.getBytes(frame)));
    }
  }

  /** A number to its bytes; the prepender after it adds the length. */
  private static final class NumberEncoder extends MessageToMessageEncoder<BigInteger> {
    NumberEncoder() {
      super(BigInteger.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, BigInteger number, List<Object> out) {
      out.add(Unpooled.wrappedBuffer(number.toByteArray()));
    }
  }
}

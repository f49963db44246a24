package io.tern.codec;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * A {@link ByteToMessageDecoder} and a {@link MessageToByteEncoder} in one handler, for a protocol
 * whose two directions share state.
 *
 * <h2>Threading</h2>
 *
 * Everything runs on the channel's event loop. An instance keeps per-channel state and must not be
 * shared between pipelines.
 *
 * <h2>Ownership</h2>
 *
 * Those of its two halves: the decoder owns inbound buffers and passes decoded messages on; the
 * encoder releases each encoded message and writes a new buffer. Removal passes undecoded bytes on,
 * as the decoder does.
 *
 * @param <I> the outbound message type encoded
 */
public abstract class ByteToMessageCodec<I> implements ChannelHandler {
  private final Decoder decoder = new Decoder();
  private final MessageToByteEncoder<I> encoder;

  /**
   * Creates a codec that encodes into direct buffers.
   *
   * @param outboundType the message type to encode
   */
  protected ByteToMessageCodec(Class<? extends I> outboundType) {
    this(outboundType, true);
  }

  /**
   * Creates a codec.
   *
   * @param outboundType the message type to encode
   * @param preferDirect whether encoded buffers are direct
   */
  protected ByteToMessageCodec(Class<? extends I> outboundType, boolean preferDirect) {
    encoder =
        new MessageToByteEncoder<I>(outboundType, preferDirect) {
          @Override
          public boolean acceptOutboundMessage(Object msg) {
            return ByteToMessageCodec.this.acceptOutboundMessage(msg)
                && super.acceptOutboundMessage(msg);
          }

          @Override
          protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, I msg, boolean direct)
              throws Exception {
            return ByteToMessageCodec.this.allocateBuffer(ctx, msg, direct);
          }

          @Override
          protected void encode(ChannelHandlerContext ctx, I msg, ByteBuf out) throws Exception {
            ByteToMessageCodec.this.encode(ctx, msg, out);
          }
        };
  }

  /**
   * Tells whether {@link #encode} handles an outbound message; by default any instance of the
   * outbound type.
   *
   * @param msg an outbound message
   * @return {@code true} to encode it
   */
  public boolean acceptOutboundMessage(Object msg) {
    return true;
  }

  /**
   * Sets single-decode mode; see {@link ByteToMessageDecoder#setSingleDecode}.
   *
   * @param singleDecode whether to stop after one message per read
   */
  public void setSingleDecode(boolean singleDecode) {
    decoder.setSingleDecode(singleDecode);
  }

  /**
   * Sets the cumulator; see {@link ByteToMessageDecoder#setCumulator}.
   *
   * @param cumulator the cumulator
   */
  public void setCumulator(Cumulator cumulator) {
    decoder.setCumulator(cumulator);
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
    decoder.handlerAdded(ctx);
  }

  @Override
  public final void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
    try {
      decoder.handlerRemoved(ctx);
    } finally {
      codecRemoved(ctx);
    }
  }

  /**
   * Called once the codec was removed and its undecoded bytes passed on; override to clean up.
   *
   * @param ctx this handler's context
   * @throws Exception if cleaning up fails
   */
  protected void codecRemoved(ChannelHandlerContext ctx) throws Exception {}

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    decoder.channelRead(ctx, msg);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    decoder.channelReadComplete(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    decoder.channelInactive(ctx);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
    decoder.userEventTriggered(ctx, evt);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    encoder.write(ctx, msg, promise);
  }

  /**
   * Allocates the buffer {@link #encode} writes into; see {@link
   * MessageToByteEncoder#allocateBuffer}.
   *
   * @param ctx this handler's context
   * @param msg the message about to be encoded
   * @param preferDirect whether direct memory is preferred
   * @return a new buffer, owned by the codec
   * @throws Exception if allocation fails
   */
  protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, I msg, boolean preferDirect)
      throws Exception {
    return preferDirect ? ctx.alloc().ioBuffer() : ctx.alloc().heapBuffer();
  }

  /**
   * Encodes one message; see {@link MessageToByteEncoder#encode}.
   *
   * @param ctx this handler's context
   * @param msg the message; released by the codec afterwards
   * @param out the buffer to write into
   * @throws Exception to fail the write
   */
  protected abstract void encode(ChannelHandlerContext ctx, I msg, ByteBuf out) throws Exception;

  /**
   * Decodes from the cumulation; see {@link ByteToMessageDecoder#decode}.
   *
   * @param ctx this handler's context
   * @param in the cumulation; never released here
   * @param out where decoded messages go
   * @throws Exception to fail decoding
   */
  protected abstract void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
      throws Exception;

  /**
   * Called once at the end of input; see {@link ByteToMessageDecoder#decodeLast}.
   *
   * @param ctx this handler's context
   * @param in the remaining bytes
   * @param out where decoded messages go
   * @throws Exception to fail decoding
   */
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
      throws Exception {
    if (in.isReadable()) {
      decode(ctx, in, out);
    }
  }

  private final class Decoder extends ByteToMessageDecoder {
    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
        throws Exception {
      ByteToMessageCodec.this.decode(ctx, in, out);
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
        throws Exception {
      ByteToMessageCodec.this.decodeLast(ctx, in, out);
    }
  }
}

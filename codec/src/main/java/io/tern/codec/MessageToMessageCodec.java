package io.tern.codec;

import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * A {@link MessageToMessageDecoder} and a {@link MessageToMessageEncoder} in one handler, for a
 * transformation that goes both ways (for example between a wire message and an application
 * object).
 *
 * <h2>Threading</h2>
 *
 * Everything runs on the channel's event loop, as for its two halves.
 *
 * <h2>Ownership</h2>
 *
 * Those of its two halves: see {@link MessageToMessageDecoder} and {@link MessageToMessageEncoder}.
 *
 * @param <I> the inbound message type decoded
 * @param <O> the outbound message type encoded
 */
public abstract class MessageToMessageCodec<I, O> implements ChannelHandler {
  private final MessageToMessageDecoder<I> decoder;
  private final MessageToMessageEncoder<O> encoder;
  private final Class<? extends I> inboundType;
  private final Class<? extends O> outboundType;

  /**
   * Creates a codec.
   *
   * @param inboundType the inbound message type to decode
   * @param outboundType the outbound message type to encode
   */
  protected MessageToMessageCodec(Class<? extends I> inboundType, Class<? extends O> outboundType) {
    decoder =
        new MessageToMessageDecoder<I>(inboundType) {
          @Override
          public boolean acceptInboundMessage(Object msg) {
            return MessageToMessageCodec.this.acceptInboundMessage(msg);
          }

          @Override
          protected void decode(ChannelHandlerContext ctx, I msg, List<Object> out)
              throws Exception {
            MessageToMessageCodec.this.decode(ctx, msg, out);
          }
        };
    encoder =
        new MessageToMessageEncoder<O>(outboundType) {
          @Override
          public boolean acceptOutboundMessage(Object msg) {
            return MessageToMessageCodec.this.acceptOutboundMessage(msg);
          }

          @Override
          protected void encode(ChannelHandlerContext ctx, O msg, List<Object> out)
              throws Exception {
            MessageToMessageCodec.this.encode(ctx, msg, out);
          }
        };
    this.inboundType = inboundType;
    this.outboundType = outboundType;
  }

  /**
   * Tells whether {@link #decode} handles an inbound message.
   *
   * @param msg an inbound message
   * @return {@code true} if it is an instance of the inbound type
   */
  public boolean acceptInboundMessage(Object msg) {
    return inboundType.isInstance(msg);
  }

  /**
   * Tells whether {@link #encode} handles an outbound message.
   *
   * @param msg an outbound message
   * @return {@code true} if it is an instance of the outbound type
   */
  public boolean acceptOutboundMessage(Object msg) {
    return outboundType.isInstance(msg);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    decoder.channelRead(ctx, msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    encoder.write(ctx, msg, promise);
  }

  /**
   * Decodes one inbound message; see {@link MessageToMessageDecoder#decode}.
   *
   * @param ctx this handler's context
   * @param msg the message; released after this returns
   * @param out where decoded messages go
   * @throws Exception to fail decoding
   */
  protected abstract void decode(ChannelHandlerContext ctx, I msg, List<Object> out)
      throws Exception;

  /**
   * Encodes one outbound message; see {@link MessageToMessageEncoder#encode}.
   *
   * @param ctx this handler's context
   * @param msg the message; released after this returns
   * @param out where encoded messages go, at least one
   * @throws Exception to fail the write
   */
  protected abstract void encode(ChannelHandlerContext ctx, O msg, List<Object> out)
      throws Exception;
}

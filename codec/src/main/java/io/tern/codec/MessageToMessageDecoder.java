package io.tern.codec;

import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decodes inbound messages of one type into zero or more other messages; other messages pass on
 * unchanged.
 *
 * <h2>Threading</h2>
 *
 * Runs on the channel's event loop; the output list is reused, not allocated per message. A
 * subclass with per-channel state must not be shared between pipelines.
 *
 * <h2>Ownership</h2>
 *
 * The decoder releases each accepted message after {@link #decode} returns or throws (call {@link
 * ReferenceCountUtil#retain} inside {@code decode} to keep it, e.g. when adding it or a retained
 * slice of it to {@code out}). The messages added to {@code out} are passed to the next handler,
 * which owns them; those added before an exception are still passed on. Exceptions other than
 * {@link DecoderException} are wrapped in one.
 *
 * @param <I> the message type decoded
 */
public abstract class MessageToMessageDecoder<I> implements ChannelHandler {
  private final Class<? extends I> type;
  private final CodecOutputList outputList = new CodecOutputList();

  /**
   * Creates a decoder.
   *
   * @param type the message type to decode (instances of subtypes match too)
   */
  protected MessageToMessageDecoder(Class<? extends I> type) {
    if (type == null) {
      throw new NullPointerException("type");
    }
    this.type = type;
  }

  /**
   * Tells whether this decoder handles the message.
   *
   * @param msg an inbound message
   * @return {@code true} if {@code msg} is an instance of the decoded type
   */
  public boolean acceptInboundMessage(Object msg) {
    return type.isInstance(msg);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (!acceptInboundMessage(msg)) {
      ctx.fireChannelRead(msg);
      return;
    }
    CodecOutputList out = outputList.acquire();
    try {
      I cast = type.cast(msg);
      try {
        decode(ctx, cast, out);
      } finally {
        ReferenceCountUtil.release(cast);
      }
    } catch (DecoderException e) {
      throw e;
    } catch (Exception e) {
      throw new DecoderException(e);
    } finally {
      try {
        ByteToMessageDecoder.fireChannelRead(ctx, out);
      } finally {
        out.recycle();
      }
    }
  }

  /**
   * Decodes one message.
   *
   * @param ctx this handler's context
   * @param msg the message; released after this returns, retain it to keep it
   * @param out where decoded messages go; each belongs to the pipeline once added
   * @throws Exception to fail decoding; wrapped in a {@link DecoderException} unless it is one
   */
  protected abstract void decode(ChannelHandlerContext ctx, I msg, List<Object> out)
      throws Exception;
}

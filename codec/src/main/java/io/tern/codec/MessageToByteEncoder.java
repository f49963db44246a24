package io.tern.codec;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Encodes outbound messages of one type into a {@link ByteBuf}; other messages pass on unchanged.
 *
 * <pre>{@code
 * final class IntEncoder extends MessageToByteEncoder<Integer> {
 *   IntEncoder() { super(Integer.class); }
 *   protected void encode(ChannelHandlerContext ctx, Integer msg, ByteBuf out) {
 *     out.writeInt(msg);
 *   }
 * }
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * Runs on the channel's event loop. An instance without state may be shared between pipelines only
 * if its subclass keeps no per-channel state.
 *
 * <h2>Ownership</h2>
 *
 * For each accepted message the encoder allocates a buffer ({@link #allocateBuffer}, direct by
 * default), calls {@link #encode}, releases the message (encode must not), and writes the buffer on
 * with the write's promise; an empty result writes an empty buffer so the promise still completes
 * in order. If {@code encode} throws, the buffer and the message are released and the promise fails
 * with an {@link EncoderException}.
 *
 * @param <I> the message type encoded
 */
public abstract class MessageToByteEncoder<I> implements ChannelHandler {
  private final Class<? extends I> type;
  private final boolean preferDirect;

  /**
   * Creates an encoder that writes into direct buffers.
   *
   * @param type the message type to encode (instances of subtypes match too)
   */
  protected MessageToByteEncoder(Class<? extends I> type) {
    this(type, true);
  }

  /**
   * Creates an encoder.
   *
   * @param type the message type to encode (instances of subtypes match too)
   * @param preferDirect whether {@link #allocateBuffer} allocates direct (native) memory, which
   *     socket writes use without a copy
   */
  protected MessageToByteEncoder(Class<? extends I> type, boolean preferDirect) {
    if (type == null) {
      throw new NullPointerException("type");
    }
    this.type = type;
    this.preferDirect = preferDirect;
  }

  /**
   * Tells whether this encoder handles the message.
   *
   * @param msg an outbound message
   * @return {@code true} if {@code msg} is an instance of the encoded type
   */
  public boolean acceptOutboundMessage(Object msg) {
    return type.isInstance(msg);
  }

  /**
   * Tells whether {@link #allocateBuffer} prefers direct memory.
   *
   * @return the {@code preferDirect} given to the constructor
   */
  protected final boolean isPreferDirect() {
    return preferDirect;
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (!acceptOutboundMessage(msg)) {
      ctx.write(msg, promise);
      return;
    }
    ByteBuf buf = null;
    try {
      I cast = type.cast(msg);
      try {
        buf = allocateBuffer(ctx, cast, preferDirect);
        encode(ctx, cast, buf);
      } finally {
        ReferenceCountUtil.release(cast);
      }
      ByteBuf result = buf;
      buf = null;
      if (result.isReadable()) {
        ctx.write(result, promise);
      } else {
        result.release();
        ctx.write(Unpooled.EMPTY_BUFFER, promise);
      }
    } catch (EncoderException e) {
      throw e;
    } catch (Exception e) {
      throw new EncoderException(e);
    } finally {
      if (buf != null) {
        buf.release();
      }
    }
  }

  /**
   * Allocates the buffer {@link #encode} writes into. Override to size it from the message.
   *
   * @param ctx this handler's context
   * @param msg the message about to be encoded
   * @param preferDirect whether direct memory is preferred
   * @return a new buffer, owned by the encoder
   * @throws Exception if allocation fails
   */
  protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, I msg, boolean preferDirect)
      throws Exception {
    return preferDirect ? ctx.alloc().ioBuffer() : ctx.alloc().heapBuffer();
  }

  /**
   * Writes {@code msg} into {@code out}.
   *
   * @param ctx this handler's context
   * @param msg the message; released by the encoder afterwards, do not release it here
   * @param out the buffer to write into; owned by the encoder
   * @throws Exception to fail the write; wrapped in an {@link EncoderException} unless it is one
   */
  protected abstract void encode(ChannelHandlerContext ctx, I msg, ByteBuf out) throws Exception;
}

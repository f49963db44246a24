package io.tern.codec;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelInputShutdownEvent;
import java.util.List;

/**
 * Turns a stream of inbound {@link ByteBuf}s into messages: bytes are accumulated in one buffer
 * (the cumulation) and {@link #decode} is called on it until it makes no more progress.
 *
 * <pre>{@code
 * final class IntDecoder extends ByteToMessageDecoder {
 *   protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
 *     while (in.readableBytes() >= 4) {
 *       out.add(in.readInt());
 *     }
 *   }
 * }
 * }</pre>
 *
 * <h2>The decode loop</h2>
 *
 * On every inbound buffer the decoder appends it to the cumulation (with its {@link Cumulator}) and
 * calls {@code decode} repeatedly: after each call, the messages {@code decode} added to {@code
 * out} are passed to the next handler ({@code fireChannelRead}) at once, in order. The loop stops
 * when the cumulation is empty, when a call read nothing and produced nothing (more bytes are
 * needed), after one message in {@linkplain #setSingleDecode single-decode mode}, or when the
 * handler was removed. A call that produced messages without reading anything is a bug in {@code
 * decode} and raises a {@link DecoderException} (it would loop forever).
 *
 * <ul>
 *   <li>The decoder owns every inbound {@link ByteBuf} it receives and releases it (through the
 *       cumulation) once its bytes are decoded; {@code decode} must never release {@code in}.
 *   <li>{@code decode} may read {@code in} (advancing its reader index: read bytes are consumed)
 *       and may leave bytes unread for the next call. It must not keep {@code in}, or a slice of it
 *       without a reference of its own, beyond the call: the cumulation is reused, moved and
 *       released. A frame handed downstream is either a {@linkplain ByteBuf#readRetainedSlice
 *       retained slice} (the decoder then never writes into or moves the cumulation while the slice
 *       lives, because its reference count is above 1) or a copy. Data a decoder keeps across calls
 *       must be copied out.
 *   <li>Every object {@code decode} adds to {@code out} (never {@code null}) belongs to the
 *       pipeline from then on: it is passed to the next handler, which releases it. On an exception
 *       the objects added before it are still passed on.
 *   <li>Non-{@code ByteBuf} inbound messages pass through untouched.
 * </ul>
 *
 * <h2>End of input and removal</h2>
 *
 * When the channel becomes inactive or its input is shut down ({@link ChannelInputShutdownEvent},
 * fired by the transport when the peer half-closes), the decoder decodes what it holds and then
 * calls {@link #decodeLast} once, so a decoder can emit a final partial message or fail on
 * truncated input. When the handler is removed from the pipeline (also by itself, from {@code
 * decode}), bytes it has not decoded are passed to the next handler as one {@code ByteBuf},
 * followed by a read-complete event, so a protocol switch loses nothing.
 *
 * <h2>Memory</h2>
 *
 * Read bytes are discarded from the cumulation when it is fully read (it is released), at the end
 * of every read burst ({@code channelReadComplete}) and every {@link #setDiscardAfterReads} reads
 * within a burst: moved down in place only when nobody else references the cumulation. Exceptions
 * and the list of decoded messages are not allocated per read.
 *
 * <h2>Threading</h2>
 *
 * Every method runs on the channel's event loop. An instance keeps per-channel state and must not
 * be shared between pipelines.
 *
 * <h2>Ownership</h2>
 */
public abstract class ByteToMessageDecoder implements ChannelHandler {
  private static final byte STATE_INIT = 0;
  private static final byte STATE_CALLING_CHILD_DECODE = 1;
  private static final byte STATE_HANDLER_REMOVED_PENDING = 2;

  private final CodecOutputList outputList = new CodecOutputList();
  private ByteBuf cumulation;
  private Cumulator cumulator = Cumulator.MERGE;
  private boolean singleDecode;
  private boolean first;
  private boolean firedChannelRead;
  private int discardAfterReads = 16;
  private int numReads;
  private byte decodeState = STATE_INIT;

  /** Creates a decoder with the {@linkplain Cumulator#MERGE merge} cumulator. */
  protected ByteToMessageDecoder() {}

  /**
   * Decodes at most one message per inbound buffer when {@code true}; useful when a later handler
   * must see the bytes after the first message (for example a protocol upgrade that replaces this
   * decoder).
   *
   * @param singleDecode whether to stop after one message per read
   */
  public void setSingleDecode(boolean singleDecode) {
    this.singleDecode = singleDecode;
  }

  /**
   * Tells whether single-decode mode is on.
   *
   * @return {@code true} if the decoder stops after one message per read
   */
  public boolean isSingleDecode() {
    return singleDecode;
  }

  /**
   * Sets how bytes are accumulated (default {@link Cumulator#MERGE}).
   *
   * @param cumulator the cumulator
   * @throws NullPointerException if {@code cumulator} is {@code null}
   */
  public void setCumulator(Cumulator cumulator) {
    if (cumulator == null) {
      throw new NullPointerException("cumulator");
    }
    this.cumulator = cumulator;
  }

  /**
   * Sets after how many reads within one read burst the read bytes are discarded (default 16); a
   * peer that keeps sending without pause would otherwise grow the cumulation until the burst ends.
   *
   * @param discardAfterReads the number of reads, at least 1
   * @throws IllegalArgumentException if {@code discardAfterReads} is below 1
   */
  public void setDiscardAfterReads(int discardAfterReads) {
    if (discardAfterReads < 1) {
      throw new IllegalArgumentException(
          "discardAfterReads: " + discardAfterReads + " (expected: >= 1)");
    }
    this.discardAfterReads = discardAfterReads;
  }

  /**
   * Returns the number of bytes held but not decoded yet.
   *
   * @return the cumulation's readable bytes
   */
  protected int actualReadableBytes() {
    return internalBuffer().readableBytes();
  }

  /**
   * Returns the cumulation, for subclasses that need to look at it outside {@code decode}. The
   * decoder keeps ownership: do not release or keep it.
   *
   * @return the cumulation, or an empty buffer if there is none
   */
  protected ByteBuf internalBuffer() {
    return cumulation != null ? cumulation : Unpooled.EMPTY_BUFFER;
  }

  /**
   * Passes the bytes not decoded yet to the next handler, then calls {@link #decoderRemoved}. If
   * the decoder is removed from within {@code decode}, this happens when {@code decode} returns,
   * after the messages it produced.
   *
   * @param ctx this handler's context
   * @throws Exception from {@link #decoderRemoved}
   */
  @Override
  public final void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
    if (decodeState == STATE_CALLING_CHILD_DECODE) {
      decodeState = STATE_HANDLER_REMOVED_PENDING;
      return;
    }
    ByteBuf buf = cumulation;
    if (buf != null) {
      cumulation = null;
      numReads = 0;
      if (buf.isReadable()) {
        ctx.fireChannelRead(buf);
        ctx.fireChannelReadComplete();
      } else {
        buf.release();
      }
    }
    decoderRemoved(ctx);
  }

  /**
   * Called once the decoder was removed and its remaining bytes passed on; override to clean up.
   *
   * @param ctx this handler's context
   * @throws Exception if cleaning up fails; logged by the pipeline
   */
  protected void decoderRemoved(ChannelHandlerContext ctx) throws Exception {}

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (!(msg instanceof ByteBuf data)) {
      ctx.fireChannelRead(msg);
      return;
    }
    CodecOutputList out = outputList.acquire();
    try {
      first = cumulation == null;
      cumulation = first ? data : cumulator.cumulate(ctx.alloc(), cumulation, data);
      callDecode(ctx, cumulation, out);
    } catch (DecoderException e) {
      throw e;
    } catch (Exception e) {
      throw new DecoderException(e);
    } finally {
      try {
        if (cumulation != null && !cumulation.isReadable()) {
          numReads = 0;
          ByteBuf done = cumulation;
          cumulation = null;
          done.release();
        } else if (++numReads >= discardAfterReads) {
          numReads = 0;
          discardSomeReadBytes();
        }
        firedChannelRead |= out.insertedSinceRecycled();
        fireChannelRead(ctx, out);
      } finally {
        out.recycle();
      }
    }
  }

  /**
   * Discards read bytes, and asks for more input if this read burst produced no message and the
   * channel does not read on its own ({@code autoRead} off): otherwise a decoder waiting for the
   * rest of a message would stall, since nobody downstream has a reason to call {@code read()}.
   *
   * @param ctx this handler's context
   * @throws Exception never thrown here; declared for subclasses
   */
  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    numReads = 0;
    discardSomeReadBytes();
    if (!firedChannelRead && !ctx.channel().config().autoRead()) {
      ctx.read();
    }
    firedChannelRead = false;
    ctx.fireChannelReadComplete();
  }

  /**
   * Discards read bytes from the cumulation if nobody else references it and it did not simply come
   * from the last read; called after read bursts.
   */
  protected final void discardSomeReadBytes() {
    if (cumulation != null && !first && cumulation.refCnt() == 1) {
      cumulation.discardSomeReadBytes();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    channelInputClosed(ctx, true);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
    if (evt instanceof ChannelInputShutdownEvent) {
      channelInputClosed(ctx, false);
    }
    ctx.fireUserEventTriggered(evt);
  }

  private void channelInputClosed(ChannelHandlerContext ctx, boolean callChannelInactive) {
    CodecOutputList out = outputList.acquire();
    try {
      if (cumulation != null) {
        callDecode(ctx, cumulation, out);
        if (!ctx.isRemoved()) {
          // callDecode may have removed this handler and released the cumulation already.
          ByteBuf in = cumulation == null ? Unpooled.EMPTY_BUFFER : cumulation;
          decodeLast(ctx, in, out);
        }
      } else {
        decodeLast(ctx, Unpooled.EMPTY_BUFFER, out);
      }
    } catch (DecoderException e) {
      throw e;
    } catch (Exception e) {
      throw new DecoderException(e);
    } finally {
      try {
        if (cumulation != null) {
          ByteBuf done = cumulation;
          cumulation = null;
          done.release();
        }
        boolean any = !out.isEmpty();
        fireChannelRead(ctx, out);
        if (any) {
          ctx.fireChannelReadComplete();
        }
        if (callChannelInactive) {
          ctx.fireChannelInactive();
        }
      } finally {
        out.recycle();
      }
    }
  }

  /**
   * Runs the decode loop described in the class comment over {@code in}.
   *
   * @param ctx this handler's context
   * @param in the cumulation
   * @param out where {@code decode} adds messages; fired and cleared after every call that added
   *     some
   */
  protected void callDecode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    try {
      while (in.isReadable()) {
        if (!out.isEmpty()) {
          fireChannelRead(ctx, out);
          if (ctx.isRemoved()) {
            // Continuing would read bytes that now belong to the next handler.
            break;
          }
        }
        int oldInputLength = in.readableBytes();
        decodeRemovalReentryProtection(ctx, in, out);
        if (ctx.isRemoved()) {
          break;
        }
        if (out.isEmpty()) {
          if (oldInputLength == in.readableBytes()) {
            break;
          }
          continue;
        }
        if (oldInputLength == in.readableBytes()) {
          throw new DecoderException(
              getClass().getName() + ".decode() did not read anything but decoded a message.");
        }
        if (singleDecode) {
          break;
        }
      }
    } catch (DecoderException e) {
      throw e;
    } catch (Exception e) {
      throw new DecoderException(e);
    }
  }

  /**
   * Decodes from {@code in}: reads what forms complete messages and adds them to {@code out};
   * leaves an incomplete message's bytes unread (or reads and remembers them) for the next call.
   *
   * @param ctx this handler's context
   * @param in the cumulation; owned by the decoder, never released here
   * @param out where decoded messages go; each belongs to the pipeline once added
   * @throws Exception to fail decoding; wrapped in a {@link DecoderException} unless it is one, and
   *     passed to the next handler's {@code exceptionCaught}
   */
  protected abstract void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
      throws Exception;

  /**
   * Calls {@link #decode}, deferring a removal of this handler made inside it until the messages it
   * produced were passed on.
   *
   * @param ctx this handler's context
   * @param in the cumulation
   * @param out where decoded messages go
   * @throws Exception from {@code decode}
   */
  final void decodeRemovalReentryProtection(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
      throws Exception {
    decodeState = STATE_CALLING_CHILD_DECODE;
    try {
      decode(ctx, in, out);
    } finally {
      boolean removePending = decodeState == STATE_HANDLER_REMOVED_PENDING;
      decodeState = STATE_INIT;
      if (removePending) {
        fireChannelRead(ctx, out);
        handlerRemoved(ctx);
      }
    }
  }

  /**
   * Called once when the input ends (channel inactive or input shut down), after the held bytes
   * were decoded as far as {@link #decode} could. The default calls {@code decode} once more if
   * bytes remain; override to emit a final message from an incomplete one, or to report truncated
   * input.
   *
   * @param ctx this handler's context
   * @param in the remaining bytes (maybe empty); owned by the decoder
   * @param out where decoded messages go
   * @throws Exception to fail decoding, as for {@link #decode}
   */
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
      throws Exception {
    if (in.isReadable()) {
      decodeRemovalReentryProtection(ctx, in, out);
    }
  }

  /**
   * Passes every message in {@code out} to the next handler, in order, and clears the list. Should
   * passing one on throw, the messages not passed yet are released.
   */
  static void fireChannelRead(ChannelHandlerContext ctx, List<Object> out) {
    int size = out.size();
    if (size == 0) {
      return;
    }
    int i = 0;
    try {
      if (out instanceof CodecOutputList list) {
        for (; i < size; i++) {
          ctx.fireChannelRead(list.element(i));
        }
      } else {
        for (; i < size; i++) {
          ctx.fireChannelRead(out.get(i));
        }
      }
    } catch (RuntimeException | Error e) {
      for (i++; i < size; i++) {
        ReferenceCountUtil.safeRelease(out.get(i));
      }
      throw e;
    } finally {
      out.clear();
    }
  }
}

package io.tern.codec;

import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.FutureListener;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.VoidChannelPromise;
import java.util.List;

/**
 * Encodes outbound messages of one type into one or more other messages; other messages pass on
 * unchanged.
 *
 * <h2>Threading</h2>
 *
 * Runs on the channel's event loop; the output list is reused, not allocated per message. A
 * subclass with per-channel state must not be shared between pipelines.
 *
 * <h2>Ownership</h2>
 *
 * The encoder releases each accepted message after {@link #encode} returns or throws (retain it
 * inside {@code encode} to pass it, or a retained slice of it, on). The messages added to {@code
 * out} are written on in order and belong to the next handler. With one result it gets the write's
 * promise; with several, the promise completes when all of their writes have, and fails if any
 * failed (a {@linkplain VoidChannelPromise void promise} is passed to each of them). {@code encode}
 * must add at least one message; if it throws, what it added is released and the promise fails with
 * an {@link EncoderException}.
 *
 * @param <I> the message type encoded
 */
public abstract class MessageToMessageEncoder<I> implements ChannelHandler {
  private final Class<? extends I> type;
  private final CodecOutputList outputList = new CodecOutputList();

  /**
   * Creates an encoder.
   *
   * @param type the message type to encode (instances of subtypes match too)
   */
  protected MessageToMessageEncoder(Class<? extends I> type) {
    if (type == null) {
      throw new NullPointerException("type");
    }
    this.type = type;
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

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (!acceptOutboundMessage(msg)) {
      ctx.write(msg, promise);
      return;
    }
    CodecOutputList out = outputList.acquire();
    try {
      try {
        I cast = type.cast(msg);
        try {
          encode(ctx, cast, out);
        } finally {
          ReferenceCountUtil.release(cast);
        }
        if (out.isEmpty()) {
          throw new EncoderException(getClass().getName() + " must produce at least one message.");
        }
      } catch (Exception e) {
        for (int i = 0; i < out.size(); i++) {
          ReferenceCountUtil.safeRelease(out.element(i));
        }
        out.clear();
        throw e instanceof EncoderException ee ? ee : new EncoderException(e);
      }
      writeAll(ctx, out, promise);
    } finally {
      out.recycle();
    }
  }

  private static void writeAll(ChannelHandlerContext ctx, CodecOutputList out, Promise<Void> p) {
    int size = out.size();
    if (size == 1) {
      ctx.write(out.element(0), p);
      return;
    }
    if (VoidChannelPromise.isVoid(p)) {
      // Nobody waits: each part reports its own failure to the pipeline, no aggregation needed.
      for (int i = 0; i < size; i++) {
        ctx.write(out.element(i), p);
      }
      return;
    }
    Aggregate aggregate = new Aggregate(p, size);
    for (int i = 0; i < size; i++) {
      ctx.write(out.element(i), ctx.newPromise()).addListener(aggregate);
    }
  }

  /** Completes one promise once {@code pending} writes have completed. */
  private static final class Aggregate implements FutureListener<Void> {
    private final Promise<Void> promise;
    private int pending;
    private Throwable cause;

    Aggregate(Promise<Void> promise, int pending) {
      this.promise = promise;
      this.pending = pending;
    }

    @Override
    public void operationComplete(Future<Void> future) {
      // Listeners run on the channel's event loop, one at a time.
      if (!future.isSuccess() && cause == null) {
        cause = future.cause();
      }
      if (--pending == 0) {
        if (cause == null) {
          promise.trySuccess(null);
        } else {
          promise.tryFailure(cause);
        }
      }
    }
  }

  /**
   * Encodes one message.
   *
   * @param ctx this handler's context
   * @param msg the message; released after this returns, retain it to keep it
   * @param out where the encoded messages go, at least one; each belongs to the pipeline once added
   * @throws Exception to fail the write; wrapped in an {@link EncoderException} unless it is one
   */
  protected abstract void encode(ChannelHandlerContext ctx, I msg, List<Object> out)
      throws Exception;
}

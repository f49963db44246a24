package io.tern.codec.http.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * The bytes an encoder appends, write after write, into one pooled buffer until something must pass
 * them on (a flush, a close, a write that must not overtake them, a size limit), then passed on as
 * one write: many small messages cost one buffer and one outbound entry instead of one of each per
 * message. The encoder decides what it appends and when it passes the batch on; this class holds
 * the buffer between writes and sizes the next one.
 *
 * <p>Appending is {@link #take} (the pending buffer, or a new one when none is pending), writing
 * into the buffer taken, then {@link #put} (the buffer the bytes ended in, possibly another one or
 * none) or, when encoding failed, {@link #rollBack} (the taken buffer as it was at {@code take}): a
 * failed message leaves none of its bytes behind, those before it stay batched.
 *
 * <p>A new buffer is given the larger of the capacity the caller asks for and an estimate that
 * follows the sizes of the batches passed on (a quarter of the old estimate and three quarters of
 * the new size, plus 16 bytes), bounded by the maximum given at construction: a connection whose
 * batches are large starts its next one large enough, one whose batches are small does not hold
 * more than it needs. A caller that asks for the maximum itself gets a fixed capacity.
 *
 * <h2>Threading</h2>
 *
 * One instance per encoder, hence per channel; every call on the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The pending buffer belongs to the batch. {@link #take} lends it to the caller, who gives it back
 * with {@link #put} or {@link #rollBack} before anything else is called; {@link #pass} hands it to
 * the next handler; {@link #release} releases it (an encoder removed from a closed channel).
 */
public final class OutboundBatch {
  private final int maxCapacityEstimate;
  private ByteBuf pending;
  // The writer index of the buffer last taken when it was taken, where a roll-back returns it to.
  private int mark;
  private int capacityEstimate;

  /**
   * Creates an empty batch.
   *
   * @param maxCapacityEstimate the most the capacity estimate for a new buffer grows to
   */
  public OutboundBatch(int maxCapacityEstimate) {
    if (maxCapacityEstimate < 0) {
      throw new IllegalArgumentException("maxCapacityEstimate: " + maxCapacityEstimate);
    }
    this.maxCapacityEstimate = maxCapacityEstimate;
  }

  /**
   * Takes the pending buffer to append to, or allocates one from {@code ctx} with a capacity of at
   * least {@code minCapacity} when none is pending, and marks its writer index for {@link
   * #rollBack}. Until the caller {@linkplain #put puts it back} (or another one in its place), the
   * batch holds nothing.
   *
   * @param ctx the context whose allocator a new buffer comes from
   * @param minCapacity the least capacity of a new buffer
   * @return the buffer to append to; the caller's until it is put back
   */
  public ByteBuf take(ChannelHandlerContext ctx, int minCapacity) {
    ByteBuf b = pending;
    if (b == null) {
      b = ctx.alloc().buffer(Math.max(minCapacity, capacityEstimate));
    } else {
      pending = null;
    }
    mark = b.writerIndex();
    return b;
  }

  /**
   * Makes {@code buf} the pending buffer: the one last taken, or the one the bytes written after it
   * ended in (the taken one then having been passed on by the caller), or {@code null} when the
   * last bytes were passed on.
   *
   * @param buf the buffer to append to next, or {@code null}; the batch's from now on
   */
  public void put(ByteBuf buf) {
    assert pending == null : "a buffer put back while another is pending";
    pending = buf;
  }

  /**
   * Puts {@code taken} back with its writer index where it was when taken: the bytes of a message
   * that failed are dropped, those before it stay.
   *
   * @param taken the buffer the last {@link #take} returned
   */
  public void rollBack(ByteBuf taken) {
    assert pending == null : "a buffer rolled back while another is pending";
    taken.writerIndex(mark);
    pending = taken;
  }

  /**
   * Returns how many bytes are pending.
   *
   * @return the readable bytes of the pending buffer, 0 when there is none
   */
  public int readableBytes() {
    ByteBuf b = pending;
    return b == null ? 0 : b.readableBytes();
  }

  /**
   * Passes the pending bytes on through {@code ctx} with the channel's void promise (written, not
   * flushed), if there are any; an empty pending buffer is released instead.
   *
   * @param ctx the context of the encoder that batched them
   */
  public void pass(ChannelHandlerContext ctx) {
    ByteBuf b = pending;
    if (b == null) {
      return;
    }
    pending = null;
    int size = b.readableBytes();
    estimate(size);
    if (size == 0) {
      b.release();
    } else {
      ctx.write(b, ctx.voidPromise());
    }
  }

  /**
   * Passes the pending bytes on through {@code ctx} with {@code promise} (written, not flushed): it
   * completes once they, and everything written before them, are written. Without pending bytes an
   * empty buffer carries the promise, so that it still completes in order.
   *
   * @param ctx the context of the encoder that batched them
   * @param promise the promise of the write
   */
  public void pass(ChannelHandlerContext ctx, Promise<Void> promise) {
    ByteBuf b = pending;
    if (b == null) {
      b = Unpooled.EMPTY_BUFFER;
    } else {
      pending = null;
      estimate(b.readableBytes());
    }
    ctx.write(b, promise);
  }

  /** Releases the pending buffer, if any: nothing can be written any more. */
  public void release() {
    ByteBuf b = pending;
    if (b != null) {
      pending = null;
      b.release();
    }
  }

  private void estimate(int size) {
    capacityEstimate = Math.min(maxCapacityEstimate, (capacityEstimate + size * 3) / 4 + 16);
  }
}

package io.tern.handler.flush;

import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Turns many flushes into few: each flush is a system call, and a handler that writes and flushes
 * one response per request pays one per request. While a read burst is in progress, flushes are
 * held back and done once when the burst ends ({@code channelReadComplete}), or at the latest after
 * {@code explicitFlushAfterFlushes} held-back flushes. Outside a read burst, flushes pass straight
 * through, unless {@code consolidateWhenNoReadInProgress} is set: then they are held back too and
 * done by a task queued on the event loop (after the other work it has queued), again at the latest
 * after {@code explicitFlushAfterFlushes}.
 *
 * <p>A held-back flush is done before a close or disconnect, when an exception passes, when the
 * channel becomes unwritable (so the outbound buffer drains), and when the handler is removed.
 *
 * <p>Put it early in the pipeline (near the head), so that it sees the flushes of every later
 * handler. It adds latency up to the end of the read burst; that is the trade it makes.
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Messages and flushes pass through; it holds no message.
 */
public class FlushConsolidationHandler implements ChannelHandler {
  /** The default {@code explicitFlushAfterFlushes}. */
  public static final int DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES = 256;

  private final int explicitFlushAfterFlushes;
  private final boolean consolidateWhenNoReadInProgress;
  private final Runnable flushTask;
  private int flushPendingCount;
  private boolean readInProgress;
  private boolean flushTaskScheduled;
  private ChannelHandlerContext ctx;

  /**
   * Consolidates during read bursts, flushing at the latest after {@value
   * #DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES} flushes.
   */
  public FlushConsolidationHandler() {
    this(DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, false);
  }

  /**
   * Consolidates during read bursts.
   *
   * @param explicitFlushAfterFlushes held-back flushes after which one is done anyway, at least 1
   */
  public FlushConsolidationHandler(int explicitFlushAfterFlushes) {
    this(explicitFlushAfterFlushes, false);
  }

  /**
   * Creates a handler.
   *
   * @param explicitFlushAfterFlushes held-back flushes after which one is done anyway, at least 1
   * @param consolidateWhenNoReadInProgress whether flushes outside read bursts are held back too,
   *     until a task on the event loop runs
   * @throws IllegalArgumentException if {@code explicitFlushAfterFlushes} is below 1
   */
  public FlushConsolidationHandler(
      int explicitFlushAfterFlushes, boolean consolidateWhenNoReadInProgress) {
    if (explicitFlushAfterFlushes < 1) {
      throw new IllegalArgumentException(
          "explicitFlushAfterFlushes: " + explicitFlushAfterFlushes + " (expected: >= 1)");
    }
    this.explicitFlushAfterFlushes = explicitFlushAfterFlushes;
    this.consolidateWhenNoReadInProgress = consolidateWhenNoReadInProgress;
    this.flushTask =
        consolidateWhenNoReadInProgress
            ? () -> {
              flushTaskScheduled = false;
              if (flushPendingCount > 0 && !readInProgress) {
                flushNow(ctx);
              }
            }
            : null;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void flush(ChannelHandlerContext ctx) throws Exception {
    if (readInProgress) {
      // channelReadComplete will flush, unless enough flushes piled up before it.
      if (++flushPendingCount == explicitFlushAfterFlushes) {
        flushNow(ctx);
      }
    } else if (consolidateWhenNoReadInProgress) {
      if (++flushPendingCount == explicitFlushAfterFlushes) {
        flushNow(ctx);
      } else if (!flushTaskScheduled) {
        flushTaskScheduled = true;
        ctx.executor().execute(flushTask);
      }
    } else {
      flushNow(ctx);
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    readInProgress = true;
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    readInProgress = false;
    flushIfNeeded(ctx);
    ctx.fireChannelReadComplete();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
    readInProgress = false;
    flushIfNeeded(ctx);
    ctx.fireExceptionCaught(cause);
  }

  @Override
  public void disconnect(ChannelHandlerContext ctx, Promise<Void> promise) throws Exception {
    readInProgress = false;
    flushIfNeeded(ctx);
    ctx.disconnect(promise);
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) throws Exception {
    readInProgress = false;
    flushIfNeeded(ctx);
    ctx.close(promise);
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
    // Flushing lets an unwritable channel drain; a held-back flush could keep it stuck.
    flushIfNeeded(ctx);
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
    flushIfNeeded(ctx);
  }

  private void flushIfNeeded(ChannelHandlerContext ctx) {
    if (flushPendingCount > 0) {
      flushNow(ctx);
    }
  }

  private void flushNow(ChannelHandlerContext ctx) {
    flushPendingCount = 0;
    ctx.flush();
  }
}

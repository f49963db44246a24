package io.tern.handler.timeout;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.FutureListener;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.common.concurrent.Ticker;
import io.tern.handler.internal.Clocks;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.FileRegion;
import io.tern.transport.channel.VoidChannelPromise;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Fires an {@link IdleStateEvent} user event when a channel has not read, written, or done either
 * for a while: {@link IdleState#READER_IDLE} after no read for the reader idle time, {@link
 * IdleState#WRITER_IDLE} after no completed write for the writer idle time, {@link
 * IdleState#ALL_IDLE} after neither for the all idle time (0 turns a kind off). The event repeats
 * every period while the channel stays idle, with {@link IdleStateEvent#isFirst()} false after the
 * first.
 *
 * <pre>{@code
 * pipeline.addLast("idle", new IdleStateHandler(60, 30, 0, TimeUnit.SECONDS));
 * pipeline.addLast("heartbeat", new ChannelHandler() {
 *   public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
 *     if (evt instanceof IdleStateEvent e && e.state() == IdleState.WRITER_IDLE) {
 *       ctx.writeAndFlush(new Ping());
 *     } else if (evt instanceof IdleStateEvent e && e.state() == IdleState.READER_IDLE) {
 *       ctx.close();
 *     }
 *   }
 * });
 * }</pre>
 *
 * <p>A read counts when the read burst ends ({@code channelReadComplete}), and a channel that is
 * reading is never reader idle. A write counts when its future completes, so a write stuck behind a
 * slow peer makes the channel writer idle.
 *
 * <p><b>Observing output.</b> With {@code observeOutput} on, a write that is still going but
 * progressing counts as activity too: when the writer or all idle time is up, the handler looks at
 * the oldest write of its own that has not completed, and if that write's bytes left have gone down
 * since the last look (a {@link ByteBuf}'s readable bytes, which the transport consumes as it
 * writes a large buffer in parts, or a {@link FileRegion}'s transferred count), the channel is not
 * idle. That keeps a large transfer to a slow peer alive while a stuck one still times out. It sees
 * the messages as they pass this handler: put the handler where the buffers that reach the
 * transport pass (near the head); a message transformed further down (encoded, encrypted) shows no
 * progress until its write completes.
 *
 * <p>Time is the channel executor's clock (an {@code EmbeddedChannel}'s frozen clock in tests).
 * Timers start when the channel is active and stop when it becomes inactive or the handler is
 * removed.
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Messages pass on unchanged; it holds none (it only watches write futures).
 */
public class IdleStateHandler implements ChannelHandler {
  private static final long MIN_TIMEOUT_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final byte NEW = 0;
  private static final byte STARTED = 1;
  private static final byte STOPPED = 2;

  private final long readerIdleNanos;
  private final long writerIdleNanos;
  private final long allIdleNanos;
  private final boolean observeOutput;

  private record PendingWrite(Object msg, Promise<Void> promise) {}

  /** With observeOutput: this handler's writes that may not have completed, oldest first. */
  private final ArrayDeque<PendingWrite> pendingWrites;

  private Object observedWrite;
  private long observedRemaining;
  private Ticker ticker;
  private byte state = NEW;
  private boolean reading;
  private long lastReadTime;
  private long lastWriteTime;
  private boolean firstReaderIdleEvent = true;
  private boolean firstWriterIdleEvent = true;
  private boolean firstAllIdleEvent = true;
  private ScheduledFuture<?> readerIdleTimeout;
  private ScheduledFuture<?> writerIdleTimeout;
  private ScheduledFuture<?> allIdleTimeout;
  private final FutureListener<Void> writeListener = future -> wrote();

  /**
   * Creates a handler with times in seconds.
   *
   * @param readerIdleSeconds reader idle time; 0 for none
   * @param writerIdleSeconds writer idle time; 0 for none
   * @param allIdleSeconds all idle time; 0 for none
   */
  public IdleStateHandler(int readerIdleSeconds, int writerIdleSeconds, int allIdleSeconds) {
    this(readerIdleSeconds, writerIdleSeconds, allIdleSeconds, TimeUnit.SECONDS);
  }

  /**
   * Creates a handler.
   *
   * @param readerIdleTime reader idle time; 0 (or less) for none
   * @param writerIdleTime writer idle time; 0 (or less) for none
   * @param allIdleTime all idle time; 0 (or less) for none
   * @param unit the unit of the times; positive times are at least a millisecond
   */
  public IdleStateHandler(
      long readerIdleTime, long writerIdleTime, long allIdleTime, TimeUnit unit) {
    this(false, readerIdleTime, writerIdleTime, allIdleTime, unit);
  }

  /**
   * Creates a handler that may count a write's progress as activity (see the class comment).
   *
   * @param observeOutput whether a pending write whose bytes are going out counts as activity
   * @param readerIdleTime reader idle time; 0 (or less) for none
   * @param writerIdleTime writer idle time; 0 (or less) for none
   * @param allIdleTime all idle time; 0 (or less) for none
   * @param unit the unit of the times; positive times are at least a millisecond
   */
  public IdleStateHandler(
      boolean observeOutput,
      long readerIdleTime,
      long writerIdleTime,
      long allIdleTime,
      TimeUnit unit) {
    this.readerIdleNanos = toNanos(readerIdleTime, unit);
    this.writerIdleNanos = toNanos(writerIdleTime, unit);
    this.allIdleNanos = toNanos(allIdleTime, unit);
    this.observeOutput = observeOutput && (writerIdleNanos > 0 || allIdleNanos > 0);
    this.pendingWrites = this.observeOutput ? new ArrayDeque<>() : null;
  }

  /**
   * Tells whether a progressing write counts as activity.
   *
   * @return the {@code observeOutput} setting (false if neither writer nor all idle time is on)
   */
  public boolean isObserveOutput() {
    return observeOutput;
  }

  private static long toNanos(long time, TimeUnit unit) {
    return time <= 0 ? 0 : Math.max(unit.toNanos(time), MIN_TIMEOUT_NANOS);
  }

  /**
   * Returns the reader idle time.
   *
   * @param unit the unit wanted
   * @return the time, 0 when off
   */
  public long readerIdleTime(TimeUnit unit) {
    return unit.convert(readerIdleNanos, TimeUnit.NANOSECONDS);
  }

  /**
   * Returns the writer idle time.
   *
   * @param unit the unit wanted
   * @return the time, 0 when off
   */
  public long writerIdleTime(TimeUnit unit) {
    return unit.convert(writerIdleNanos, TimeUnit.NANOSECONDS);
  }

  /**
   * Returns the all idle time.
   *
   * @param unit the unit wanted
   * @return the time, 0 when off
   */
  public long allIdleTime(TimeUnit unit) {
    return unit.convert(allIdleNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
    if (ctx.channel().isActive()) {
      start(ctx);
    }
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
    stop();
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    start(ctx);
    ctx.fireChannelActive();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    stop();
    ctx.fireChannelInactive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (readerIdleNanos > 0 || allIdleNanos > 0) {
      reading = true;
      firstReaderIdleEvent = true;
      firstAllIdleEvent = true;
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    if (reading) {
      lastReadTime = ticker.nanoTime();
      reading = false;
    }
    ctx.fireChannelReadComplete();
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (writerIdleNanos > 0 || allIdleNanos > 0 || observeOutput) {
      promise = VoidChannelPromise.unvoid(promise); // listened to, or checked for completion
    }
    if (writerIdleNanos > 0 || allIdleNanos > 0) {
      promise.addListener(writeListener);
    }
    if (observeOutput) {
      dropCompletedWrites();
      pendingWrites.add(new PendingWrite(msg, promise));
      if (pendingWrites.size() == 1) {
        observe(msg);
      }
    }
    ctx.write(msg, promise);
  }

  /** Counts a completed (or progressing) write as activity now. */
  private void wrote() {
    lastWriteTime = ticker.nanoTime();
    firstWriterIdleEvent = true;
    firstAllIdleEvent = true;
  }

  /** Forgets the completed writes at the head; writes complete in order, so that is all of them. */
  private void dropCompletedWrites() {
    PendingWrite head = pendingWrites.peek();
    if (head == null || !head.promise().isDone()) {
      return;
    }
    while (head != null && head.promise().isDone()) {
      pendingWrites.poll();
      head = pendingWrites.peek();
    }
    observedWrite = null;
    if (head != null) {
      observe(head.msg());
    }
  }

  private void observe(Object msg) {
    observedWrite = msg;
    observedRemaining = remaining(msg);
  }

  /** Bytes of a pending write not yet written, or -1 if it cannot tell. */
  private static long remaining(Object msg) {
    if (msg instanceof ByteBuf buf) {
      return buf.refCnt() > 0 ? buf.readableBytes() : -1;
    }
    if (msg instanceof FileRegion region) {
      return region.refCnt() > 0 ? region.count() - region.transferred() : -1;
    }
    return -1;
  }

  /**
   * Tells whether the oldest pending write went on since the last look (or since it became the
   * oldest), and looks again.
   */
  private boolean outputProgressed() {
    dropCompletedWrites();
    PendingWrite head = pendingWrites.peek();
    if (head == null || head.msg() != observedWrite) {
      return false;
    }
    long remaining = remaining(head.msg());
    boolean progressed = remaining >= 0 && remaining < observedRemaining;
    observedRemaining = remaining;
    return progressed;
  }

  /**
   * Called with each idle event; the default fires it as a user event. Override to act instead (the
   * timeout handlers close the channel).
   *
   * @param ctx this handler's context
   * @param evt the event
   * @throws Exception passed to {@code exceptionCaught}
   */
  protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent evt) throws Exception {
    ctx.fireUserEventTriggered(evt);
  }

  private void start(ChannelHandlerContext ctx) {
    if (state != NEW) {
      return; // started already, or stopped for good
    }
    state = STARTED;
    ticker = Clocks.of(ctx.executor());
    lastReadTime = lastWriteTime = ticker.nanoTime();
    if (readerIdleNanos > 0) {
      readerIdleTimeout = schedule(ctx, new IdleTask(ctx, IdleState.READER_IDLE), readerIdleNanos);
    }
    if (writerIdleNanos > 0) {
      writerIdleTimeout = schedule(ctx, new IdleTask(ctx, IdleState.WRITER_IDLE), writerIdleNanos);
    }
    if (allIdleNanos > 0) {
      allIdleTimeout = schedule(ctx, new IdleTask(ctx, IdleState.ALL_IDLE), allIdleNanos);
    }
  }

  private void stop() {
    state = STOPPED;
    if (pendingWrites != null) {
      pendingWrites.clear();
      observedWrite = null;
    }
    readerIdleTimeout = cancel(readerIdleTimeout);
    writerIdleTimeout = cancel(writerIdleTimeout);
    allIdleTimeout = cancel(allIdleTimeout);
  }

  private static ScheduledFuture<?> cancel(ScheduledFuture<?> timeout) {
    if (timeout != null) {
      timeout.cancel(false);
    }
    return null;
  }

  private static ScheduledFuture<?> schedule(
      ChannelHandlerContext ctx, Runnable task, long delayNanos) {
    return ctx.executor().schedule(task, delayNanos, TimeUnit.NANOSECONDS);
  }

  /** Checks one kind of idleness when its time may be up, then reschedules itself. */
  private final class IdleTask implements Runnable {
    private final ChannelHandlerContext ctx;
    private final IdleState kind;

    IdleTask(ChannelHandlerContext ctx, IdleState kind) {
      this.ctx = ctx;
      this.kind = kind;
    }

    @Override
    public void run() {
      if (state != STARTED || !ctx.channel().isOpen()) {
        return;
      }
      long period;
      long last;
      switch (kind) {
        case READER_IDLE -> {
          period = readerIdleNanos;
          last = reading ? ticker.nanoTime() : lastReadTime;
        }
        case WRITER_IDLE -> {
          period = writerIdleNanos;
          last = lastWriteTime;
        }
        default -> {
          period = allIdleNanos;
          last = reading ? ticker.nanoTime() : Math.max(lastReadTime, lastWriteTime);
        }
      }
      long nextDelay = period - (ticker.nanoTime() - last);
      if (nextDelay > 0) {
        reschedule(nextDelay); // activity since the task was scheduled
        return;
      }
      reschedule(period);
      if (kind != IdleState.READER_IDLE && observeOutput && outputProgressed()) {
        // A write is going out, slowly: that is writing, as a completed write would be.
        wrote();
        return;
      }
      boolean first = consumeFirst();
      try {
        channelIdle(ctx, IdleStateEvent.of(kind, first));
      } catch (Throwable t) {
        ctx.fireExceptionCaught(t);
      }
    }

    private void reschedule(long delayNanos) {
      ScheduledFuture<?> next = schedule(ctx, this, delayNanos);
      switch (kind) {
        case READER_IDLE -> readerIdleTimeout = next;
        case WRITER_IDLE -> writerIdleTimeout = next;
        default -> allIdleTimeout = next;
      }
    }

    private boolean consumeFirst() {
      boolean first;
      switch (kind) {
        case READER_IDLE -> {
          first = firstReaderIdleEvent;
          firstReaderIdleEvent = false;
        }
        case WRITER_IDLE -> {
          first = firstWriterIdleEvent;
          firstWriterIdleEvent = false;
        }
        default -> {
          first = firstAllIdleEvent;
          firstAllIdleEvent = false;
        }
      }
      return first;
    }
  }
}

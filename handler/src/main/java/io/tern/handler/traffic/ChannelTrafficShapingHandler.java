package io.tern.handler.traffic;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.common.concurrent.Ticker;
import io.tern.handler.internal.Clocks;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.FileRegion;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Limits one channel's read and write rates in bytes per second.
 *
 * <p>Writes over the write limit are delayed, never dropped: they queue in order with the time they
 * may go, and a timer on the channel's executor writes and flushes them then. While more than
 * {@code maxQueuedBytes} wait, the channel is made unwritable (user-defined writability bit {@value
 * #WRITABILITY_BIT}), so a {@code ChunkedWriteHandler} or a careful writer pauses. Reads over the
 * read limit are still delivered, but turn {@code autoRead} off (and hold back {@code read()}
 * requests) for the wait, then turn it on again. No wait exceeds {@code maxTimeMillis}.
 *
 * <p>Sizes count {@link ByteBuf} readable bytes and {@link FileRegion} counts; other messages count
 * as 0. Rates are measured in windows of {@code checkIntervalMillis} (see {@link TrafficCounter}).
 * Put it near the head of the pipeline, so it sees the bytes that reach the socket.
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * The handler owns delayed writes until it writes them; on close it releases them and fails their
 * futures, on removal from an open channel it writes them at once.
 */
public class ChannelTrafficShapingHandler implements ChannelHandler {
  /** The user-defined writability bit this handler clears while too much is queued. */
  public static final int WRITABILITY_BIT = 1;

  /** The default check interval: 1 second. */
  public static final long DEFAULT_CHECK_INTERVAL_MILLIS = 1000;

  /** The default longest wait: 15 seconds. */
  public static final long DEFAULT_MAX_TIME_MILLIS = 15_000;

  /** The default bytes queued before the channel turns unwritable: 4 MiB. */
  public static final long DEFAULT_MAX_QUEUED_BYTES = 4L << 20;

  private record Delayed(Object msg, Promise<Void> promise, long size, long sendAtNanos) {}

  private final long writeLimit;
  private final long readLimit;
  private final long checkIntervalNanos;
  private final long maxWaitNanos;
  private final long maxQueuedBytes;
  private final ArrayDeque<Delayed> delayed = new ArrayDeque<>();
  private ChannelHandlerContext ctx;
  private Ticker ticker;
  private TrafficCounter counter;
  private long queuedBytes;
  private ScheduledFuture<?> sendTimer;
  private ScheduledFuture<?> readTimer;
  private boolean readSuspended;

  /**
   * Creates a handler with the default check interval and longest wait.
   *
   * @param writeLimit bytes per second written, 0 for no limit
   * @param readLimit bytes per second read, 0 for no limit
   */
  public ChannelTrafficShapingHandler(long writeLimit, long readLimit) {
    this(
        writeLimit,
        readLimit,
        DEFAULT_CHECK_INTERVAL_MILLIS,
        DEFAULT_MAX_TIME_MILLIS,
        DEFAULT_MAX_QUEUED_BYTES);
  }

  /**
   * Creates a handler.
   *
   * @param writeLimit bytes per second written, 0 for no limit
   * @param readLimit bytes per second read, 0 for no limit
   * @param checkIntervalMillis the measuring window, at least 1
   * @param maxTimeMillis the longest a write is delayed or reading paused, at least 1
   * @param maxQueuedBytes delayed bytes above which the channel turns unwritable
   * @throws IllegalArgumentException if a number is out of range
   */
  public ChannelTrafficShapingHandler(
      long writeLimit,
      long readLimit,
      long checkIntervalMillis,
      long maxTimeMillis,
      long maxQueuedBytes) {
    if (writeLimit < 0 || readLimit < 0 || checkIntervalMillis < 1 || maxTimeMillis < 1) {
      throw new IllegalArgumentException(
          "writeLimit "
              + writeLimit
              + ", readLimit "
              + readLimit
              + ", checkIntervalMillis "
              + checkIntervalMillis
              + ", maxTimeMillis "
              + maxTimeMillis);
    }
    this.writeLimit = writeLimit;
    this.readLimit = readLimit;
    this.checkIntervalNanos = TimeUnit.MILLISECONDS.toNanos(checkIntervalMillis);
    this.maxWaitNanos = TimeUnit.MILLISECONDS.toNanos(maxTimeMillis);
    this.maxQueuedBytes = maxQueuedBytes;
  }

  /**
   * Returns the channel's traffic counter, once the handler is in a pipeline.
   *
   * @return the counter, or {@code null} before {@code handlerAdded}
   */
  public TrafficCounter trafficCounter() {
    return counter;
  }

  /**
   * Returns the bytes of the writes waiting for their time.
   *
   * @return the delayed bytes
   */
  public long queuedBytes() {
    return queuedBytes;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
    this.ticker = Clocks.of(ctx.executor());
    this.counter = new TrafficCounter(checkIntervalNanos, ticker.nanoTime());
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    long wait = counter.read(size(msg), readLimit, maxWaitNanos, ticker.nanoTime());
    if (wait > 0 && !readSuspended) {
      ChannelConfig config = ctx.channel().config();
      if (config.autoRead()) {
        readSuspended = true;
        config.autoRead(false);
        readTimer = ctx.executor().schedule(this::resumeReading, wait, TimeUnit.NANOSECONDS);
      }
    }
    ctx.fireChannelRead(msg);
  }

  private void resumeReading() {
    readTimer = null;
    if (readSuspended) {
      readSuspended = false;
      ctx.channel().config().autoRead(true);
      ctx.read();
    }
  }

  @Override
  public void read(ChannelHandlerContext ctx) {
    if (!readSuspended) {
      ctx.read();
    }
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    long size = size(msg);
    long now = ticker.nanoTime();
    long wait = counter.write(size, writeLimit, maxWaitNanos, now);
    if (wait == 0 && delayed.isEmpty()) {
      ctx.write(msg, promise);
      return;
    }
    // Keep order: nothing goes before what is already waiting.
    long sendAt = now + wait;
    Delayed last = delayed.peekLast();
    if (last != null && last.sendAtNanos() > sendAt) {
      sendAt = last.sendAtNanos();
    }
    delayed.add(new Delayed(msg, promise, size, sendAt));
    queuedBytes += size;
    if (queuedBytes > maxQueuedBytes && ctx.channel().userDefinedWritability(WRITABILITY_BIT)) {
      ctx.channel().userDefinedWritability(WRITABILITY_BIT, false);
    }
    if (sendTimer == null) {
      sendTimer = ctx.executor().schedule(this::sendDue, sendAt - now, TimeUnit.NANOSECONDS);
    }
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    // Delayed writes are flushed when they go; what went straight through needs this flush.
    ctx.flush();
  }

  /** Writes and flushes every delayed write whose time has come, then waits for the next. */
  private void sendDue() {
    sendTimer = null;
    long now = ticker.nanoTime();
    Delayed next;
    boolean wrote = false;
    while ((next = delayed.peek()) != null && next.sendAtNanos() <= now) {
      delayed.poll();
      queuedBytes -= next.size();
      ctx.write(next.msg(), next.promise());
      wrote = true;
    }
    if (wrote) {
      ctx.flush();
    }
    if (queuedBytes <= maxQueuedBytes / 2
        && !ctx.channel().userDefinedWritability(WRITABILITY_BIT)) {
      ctx.channel().userDefinedWritability(WRITABILITY_BIT, true);
    }
    if (next != null) {
      sendTimer =
          ctx.executor().schedule(this::sendDue, next.sendAtNanos() - now, TimeUnit.NANOSECONDS);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    discard();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    cancelTimers();
    if (ctx.channel().isActive()) {
      Delayed next;
      while ((next = delayed.poll()) != null) {
        ctx.write(next.msg(), next.promise());
      }
      queuedBytes = 0;
      ctx.flush();
    } else {
      discard();
    }
    if (!ctx.channel().userDefinedWritability(WRITABILITY_BIT)) {
      ctx.channel().userDefinedWritability(WRITABILITY_BIT, true);
    }
    if (readSuspended) {
      readSuspended = false;
      ctx.channel().config().autoRead(true);
    }
  }

  private void discard() {
    cancelTimers();
    Delayed next;
    ClosedChannelException closed = null;
    while ((next = delayed.poll()) != null) {
      ReferenceCountUtil.release(next.msg());
      if (closed == null) {
        closed = new ClosedChannelException();
      }
      next.promise().tryFailure(closed);
    }
    queuedBytes = 0;
  }

  private void cancelTimers() {
    if (sendTimer != null) {
      sendTimer.cancel(false);
      sendTimer = null;
    }
    if (readTimer != null) {
      readTimer.cancel(false);
      readTimer = null;
    }
  }

  private static long size(Object msg) {
    if (msg instanceof ByteBuf buf) {
      return buf.readableBytes();
    }
    if (msg instanceof FileRegion region) {
      return region.count();
    }
    return 0;
  }
}

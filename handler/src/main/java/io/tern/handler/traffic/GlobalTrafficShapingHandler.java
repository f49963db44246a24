package io.tern.handler.traffic;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.common.concurrent.Ticker;
import io.tern.handler.internal.Clocks;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.FileRegion;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Limits the read and write rates of every channel it is added to <em>together</em>, in bytes per
 * second: one instance shared by all their pipelines (this handler is sharable, unlike {@link
 * ChannelTrafficShapingHandler}).
 *
 * <p><b>Writes</b> go at once while the shared link has room (the writes before them, spread at the
 * limit, are done within {@value TrafficCounter#MINIMAL_WAIT_MILLIS} ms) and their channel has
 * nothing waiting. Otherwise they wait in their own channel's queue, in order, never dropped. One
 * dispatcher, on the executor given to the constructor, serves the waiting channels in turn, one
 * message each (round robin), whenever the link has room, and hands each message to its channel's
 * executor to be written and flushed: a channel with much to send cannot starve one with little.
 * While more than {@code maxQueuedBytes} wait for a channel, it is made unwritable (user-defined
 * writability bit {@value #WRITABILITY_BIT}) until half of that is left.
 *
 * <p><b>Reads</b> are delivered, and counted against the shared read limit in arrival order; when
 * the reads so far are ahead of the limit, the channel that read turns {@code autoRead} off (and
 * holds back {@code read()} requests) until the link catches up, at most {@code maxTimeMillis}.
 *
 * <p>Time is the executor's clock (an {@code EmbeddedChannel}'s frozen clock in tests). Sizes count
 * {@link ByteBuf} readable bytes and {@link FileRegion} counts; other messages count as 0. Put it
 * near the head of each pipeline.
 *
 * <h2>Threading</h2>
 *
 * The channels' event loops call it concurrently; the shared state is guarded by one lock,
 * per-channel state is touched under it or on the channel's loop.
 *
 * <h2>Ownership</h2>
 *
 * The handler owns a delayed write until it writes it; when its channel closes it releases it and
 * fails its future, when the handler is removed from an open channel it writes it at once.
 */
public class GlobalTrafficShapingHandler implements ChannelHandler {
  /** The user-defined writability bit cleared while too much waits for a channel. */
  public static final int WRITABILITY_BIT = ChannelTrafficShapingHandler.WRITABILITY_BIT;

  private static final long MINIMAL_WAIT_NANOS =
      TimeUnit.MILLISECONDS.toNanos(TrafficCounter.MINIMAL_WAIT_MILLIS);

  private record Delayed(Object msg, Promise<Void> promise, long size) {}

  /** One channel's queue; fields guarded by {@code lock} unless marked. */
  private static final class PerChannel {
    final ChannelHandlerContext ctx;

    /** Waiting for the dispatcher. */
    final ArrayDeque<Delayed> waiting = new ArrayDeque<>();

    /** Granted by the dispatcher, to be written on the channel's loop. */
    final ArrayDeque<Delayed> granted = new ArrayDeque<>();

    long queuedBytes;
    boolean inBacklog;
    boolean closed;
    // The channel's loop only:
    boolean readSuspended;
    ScheduledFuture<?> readTimer;

    PerChannel(ChannelHandlerContext ctx) {
      this.ctx = ctx;
    }
  }

  private final EventExecutor executor;
  private final Ticker ticker;
  private final long writeLimit;
  private final long readLimit;
  private final long maxWaitNanos;
  private final long maxQueuedBytes;
  private final Map<ChannelHandlerContext, PerChannel> channels = new ConcurrentHashMap<>();
  private final ReentrantLock lock = new ReentrantLock();
  // Guarded by lock:
  private final ArrayDeque<PerChannel> backlog = new ArrayDeque<>();
  private long writeFreeAtNanos;
  private long readFreeAtNanos;
  private long cumulativeWrittenBytes;
  private long cumulativeReadBytes;
  private long queuedBytes;
  private ScheduledFuture<?> dispatchTimer;

  /**
   * Creates a handler with the default longest read pause and queue size of {@link
   * ChannelTrafficShapingHandler}.
   *
   * @param executor runs the dispatcher and the read-pause timers, and gives the clock
   * @param writeLimit bytes per second written by all channels together, 0 for no limit
   * @param readLimit bytes per second read by all channels together, 0 for no limit
   */
  public GlobalTrafficShapingHandler(EventExecutor executor, long writeLimit, long readLimit) {
    this(
        executor,
        writeLimit,
        readLimit,
        ChannelTrafficShapingHandler.DEFAULT_MAX_TIME_MILLIS,
        ChannelTrafficShapingHandler.DEFAULT_MAX_QUEUED_BYTES);
  }

  /**
   * Creates a handler.
   *
   * @param executor runs the dispatcher and the read-pause timers, and gives the clock
   * @param writeLimit bytes per second written by all channels together, 0 for no limit
   * @param readLimit bytes per second read by all channels together, 0 for no limit
   * @param maxTimeMillis the longest a channel's reading is paused, at least 1
   * @param maxQueuedBytes delayed bytes of one channel above which it turns unwritable
   * @throws IllegalArgumentException if a number is out of range
   */
  public GlobalTrafficShapingHandler(
      EventExecutor executor,
      long writeLimit,
      long readLimit,
      long maxTimeMillis,
      long maxQueuedBytes) {
    if (executor == null) {
      throw new NullPointerException("executor");
    }
    if (writeLimit < 0 || readLimit < 0 || maxTimeMillis < 1) {
      throw new IllegalArgumentException(
          "writeLimit "
              + writeLimit
              + ", readLimit "
              + readLimit
              + ", maxTimeMillis "
              + maxTimeMillis);
    }
    this.executor = executor;
    this.ticker = Clocks.of(executor);
    this.writeLimit = writeLimit;
    this.readLimit = readLimit;
    this.maxWaitNanos = TimeUnit.MILLISECONDS.toNanos(maxTimeMillis);
    this.maxQueuedBytes = maxQueuedBytes;
  }

  /**
   * Returns the bytes all channels wrote (or had granted for writing) through this handler.
   *
   * @return the count; any thread
   */
  public long cumulativeWrittenBytes() {
    lock.lock();
    try {
      return cumulativeWrittenBytes;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Returns the bytes all channels read through this handler.
   *
   * @return the count; any thread
   */
  public long cumulativeReadBytes() {
    lock.lock();
    try {
      return cumulativeReadBytes;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Returns the bytes of all channels' writes waiting for the link.
   *
   * @return the delayed bytes; any thread
   */
  public long queuedBytes() {
    lock.lock();
    try {
      return queuedBytes;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Returns how many channels the handler is in.
   *
   * @return the count; any thread
   */
  public int channelCount() {
    return channels.size();
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    channels.put(ctx, new PerChannel(ctx));
  }

  // ---------------------------------------------------------------------------------------------
  // Writes

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    PerChannel ch = channels.get(ctx);
    long size = size(msg);
    boolean direct;
    boolean tooMuch = false;
    lock.lock();
    try {
      long now = ticker.nanoTime();
      direct =
          ch.waiting.isEmpty()
              && ch.granted.isEmpty()
              && (writeLimit == 0 || writeFreeAtNanos - now < MINIMAL_WAIT_NANOS);
      if (ch.closed) {
        direct = true; // the channel fails the write itself
      } else if (direct) {
        reserveWrite(size, now);
      } else {
        ch.waiting.add(new Delayed(msg, promise, size));
        ch.queuedBytes += size;
        queuedBytes += size;
        if (!ch.inBacklog) {
          ch.inBacklog = true;
          backlog.add(ch);
        }
        tooMuch = ch.queuedBytes > maxQueuedBytes;
        scheduleDispatch(now);
      }
    } finally {
      lock.unlock();
    }
    if (direct) {
      ctx.write(msg, promise);
    } else if (tooMuch && ctx.channel().userDefinedWritability(WRITABILITY_BIT)) {
      ctx.channel().userDefinedWritability(WRITABILITY_BIT, false);
    }
  }

  /** Books {@code size} bytes on the link: it is busy with them until {@code writeFreeAtNanos}. */
  private void reserveWrite(long size, long now) {
    cumulativeWrittenBytes += size;
    if (writeLimit > 0) {
      writeFreeAtNanos = Math.max(writeFreeAtNanos, now) + nanosFor(size, writeLimit);
    }
  }

  private static long nanosFor(long bytes, long limit) {
    // In double: bytes times 1e9 overflows a long past 9 GB; nanosecond precision is not needed.
    return (long) Math.min((double) bytes * 1e9 / limit, 0x1p62);
  }

  /** Starts the dispatcher timer if it is not running; under the lock. */
  private void scheduleDispatch(long now) {
    if (dispatchTimer == null && !backlog.isEmpty()) {
      long delay = Math.max(0, writeFreeAtNanos - now);
      dispatchTimer = executor.schedule(this::dispatch, delay, TimeUnit.NANOSECONDS);
    }
  }

  /** Grants the link to the waiting channels in turn, one message each, while it has room. */
  private void dispatch() {
    List<PerChannel> toSend = new ArrayList<>();
    lock.lock();
    try {
      dispatchTimer = null;
      long now = ticker.nanoTime();
      while (!backlog.isEmpty()
          && (writeLimit == 0 || writeFreeAtNanos - now < MINIMAL_WAIT_NANOS)) {
        PerChannel ch = backlog.poll();
        Delayed next = ch.waiting.poll();
        reserveWrite(next.size(), now);
        ch.granted.add(next);
        if (ch.waiting.isEmpty()) {
          ch.inBacklog = false;
        } else {
          backlog.add(ch);
        }
        if (!toSend.contains(ch)) {
          toSend.add(ch);
        }
      }
      scheduleDispatch(now);
    } finally {
      lock.unlock();
    }
    for (PerChannel ch : toSend) {
      EventExecutor loop = ch.ctx.executor();
      if (loop.inEventLoop()) {
        sendGranted(ch);
      } else {
        loop.execute(() -> sendGranted(ch));
      }
    }
  }

  /** On the channel's loop: writes and flushes what the dispatcher granted it. */
  private void sendGranted(PerChannel ch) {
    List<Delayed> writes = new ArrayList<>();
    boolean writableAgain;
    lock.lock();
    try {
      if (ch.closed) {
        return;
      }
      Delayed d;
      while ((d = ch.granted.poll()) != null) {
        writes.add(d);
        ch.queuedBytes -= d.size();
        queuedBytes -= d.size();
      }
      writableAgain = ch.queuedBytes <= maxQueuedBytes / 2;
    } finally {
      lock.unlock();
    }
    ChannelHandlerContext ctx = ch.ctx;
    for (Delayed d : writes) {
      ctx.write(d.msg(), d.promise());
    }
    if (!writes.isEmpty()) {
      ctx.flush();
    }
    if (writableAgain && !ctx.channel().userDefinedWritability(WRITABILITY_BIT)) {
      ctx.channel().userDefinedWritability(WRITABILITY_BIT, true);
    }
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    // Delayed writes are flushed when they go; what went straight through needs this flush.
    ctx.flush();
  }

  // ---------------------------------------------------------------------------------------------
  // Reads

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    long size = size(msg);
    long wait = 0;
    lock.lock();
    try {
      long now = ticker.nanoTime();
      cumulativeReadBytes += size;
      if (readLimit > 0) {
        readFreeAtNanos = Math.max(readFreeAtNanos, now) + nanosFor(size, readLimit);
        wait = readFreeAtNanos - now;
      }
    } finally {
      lock.unlock();
    }
    PerChannel ch = channels.get(ctx);
    if (wait >= MINIMAL_WAIT_NANOS && !ch.readSuspended && ctx.channel().config().autoRead()) {
      ch.readSuspended = true;
      ctx.channel().config().autoRead(false);
      ch.readTimer =
          executor.schedule(
              () -> onLoop(ch, () -> resumeReading(ch)),
              Math.min(wait, maxWaitNanos),
              TimeUnit.NANOSECONDS);
    }
    ctx.fireChannelRead(msg);
  }

  private static void onLoop(PerChannel ch, Runnable task) {
    EventExecutor loop = ch.ctx.executor();
    if (loop.inEventLoop()) {
      task.run();
    } else {
      loop.execute(task);
    }
  }

  private static void resumeReading(PerChannel ch) {
    ch.readTimer = null;
    if (ch.readSuspended && !ch.ctx.isRemoved()) {
      ch.readSuspended = false;
      ch.ctx.channel().config().autoRead(true);
      ch.ctx.read();
    }
  }

  @Override
  public void read(ChannelHandlerContext ctx) {
    PerChannel ch = channels.get(ctx);
    if (ch == null || !ch.readSuspended) {
      ctx.read();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // End of a channel

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    PerChannel ch = channels.get(ctx);
    if (ch != null) {
      ClosedChannelException closed = null;
      for (Delayed d : detach(ch)) {
        ReferenceCountUtil.release(d.msg());
        if (closed == null) {
          closed = new ClosedChannelException();
        }
        d.promise().tryFailure(closed);
      }
    }
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    PerChannel ch = channels.remove(ctx);
    if (ch == null) {
      return;
    }
    List<Delayed> left = detach(ch);
    if (ctx.channel().isActive()) {
      for (Delayed d : left) {
        ctx.write(d.msg(), d.promise());
      }
      if (!left.isEmpty()) {
        ctx.flush();
      }
    } else {
      ClosedChannelException closed = new ClosedChannelException();
      for (Delayed d : left) {
        ReferenceCountUtil.release(d.msg());
        d.promise().tryFailure(closed);
      }
    }
    if (!ctx.channel().userDefinedWritability(WRITABILITY_BIT)) {
      ctx.channel().userDefinedWritability(WRITABILITY_BIT, true);
    }
    if (ch.readTimer != null) {
      ch.readTimer.cancel(false);
      ch.readTimer = null;
    }
    if (ch.readSuspended) {
      ch.readSuspended = false;
      ctx.channel().config().autoRead(true);
    }
  }

  /** Takes a channel out of the dispatcher and returns what it still held, granted first. */
  private List<Delayed> detach(PerChannel ch) {
    lock.lock();
    try {
      ch.closed = true;
      if (ch.inBacklog) {
        backlog.remove(ch);
        ch.inBacklog = false;
      }
      List<Delayed> left = new ArrayList<>(ch.granted);
      left.addAll(ch.waiting);
      ch.granted.clear();
      ch.waiting.clear();
      queuedBytes -= ch.queuedBytes;
      ch.queuedBytes = 0;
      return left;
    } finally {
      lock.unlock();
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

package io.tern.transport.embedded;

import io.tern.buffer.ByteBufAllocator;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.Ticker;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.internal.DefaultChannelPipeline;
import io.tern.transport.internal.EmbeddedEventExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A channel without I/O, for testing handlers: inbound messages are fed with {@link #writeInbound}
 * and what reaches the pipeline's tail is collected for {@link #readInbound}; flushed writes are
 * collected for {@link #readOutbound}. It is registered and active from construction.
 *
 * <p>Threading: one thread at a time. Events run on the calling thread; tasks submitted to {@link
 * #executor()} queue until {@link #runPendingTasks()}, which every {@code write*}/{@code finish}
 * method calls.
 *
 * <p>Time: the executor's clock ({@link #ticker()}) is frozen at zero and moves only through {@link
 * #advanceTimeBy}, so scheduled tasks (timeouts, idle events) run exactly when a test says. Closing
 * the channel runs what is due and cancels the rest.
 *
 * <p>Ownership: messages returned by {@code readInbound}/{@code readOutbound} belong to the caller;
 * those never read are released by {@link #finishAndReleaseAll()}, {@link #releaseInbound()} and
 * {@link #releaseOutbound()}. An exception that reaches the tail is kept and rethrown by {@link
 * #checkException()}.
 */
public final class EmbeddedChannel implements Channel {
  private static final AtomicLong IDS = new AtomicLong();

  private final String id = "embedded-" + IDS.incrementAndGet();
  private final EmbeddedEventExecutor executor = new EmbeddedEventExecutor();
  private final EmbeddedPipeline pipeline = new EmbeddedPipeline(this);
  private final Promise<Void> closeFuture = new DefaultPromise<>(executor);
  private final Queue<Object> inbound = new ArrayDeque<>();
  private final Queue<Object> outbound = new ArrayDeque<>();
  private final List<PendingWrite> unflushed = new ArrayList<>();
  private boolean open = true;
  private Throwable exception;

  /**
   * Creates an open, registered and active channel with the given handlers.
   *
   * @param handlers handlers added to the pipeline in order
   */
  public EmbeddedChannel(ChannelHandler... handlers) {
    pipeline.addLast(handlers);
    pipeline.fireChannelRegistered();
    pipeline.fireChannelActive();
    runPendingTasks();
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public ChannelPipeline pipeline() {
    return pipeline;
  }

  @Override
  public EventExecutor executor() {
    return executor;
  }

  @Override
  public ByteBufAllocator alloc() {
    return ByteBufAllocator.DEFAULT;
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public boolean isActive() {
    return open;
  }

  @Override
  public Future<Void> closeFuture() {
    return closeFuture;
  }

  /**
   * Fires each message through the pipeline, then a read-complete event.
   *
   * @param msgs the messages; the channel owns them from now on
   * @return whether anything reached the tail (is readable with {@link #readInbound()})
   * @throws UncheckedIOException wrapping {@link ClosedChannelException} if the channel is closed
   */
  public boolean writeInbound(Object... msgs) {
    if (!open) {
      for (Object m : msgs) {
        ReferenceCountUtil.release(m);
      }
      recordException(new ClosedChannelException());
    } else {
      for (Object m : msgs) {
        pipeline.fireChannelRead(m);
      }
      pipeline.fireChannelReadComplete();
    }
    runPendingTasks();
    checkException();
    return !inbound.isEmpty();
  }

  /**
   * Writes each message from the tail, then flushes.
   *
   * @param msgs the messages; the channel owns them from now on
   * @return whether anything was written (is readable with {@link #readOutbound()})
   * @throws RuntimeException the first write failure (checked ones wrapped)
   */
  public boolean writeOutbound(Object... msgs) {
    List<Future<Void>> futures = new ArrayList<>(msgs.length);
    for (Object m : msgs) {
      futures.add(pipeline.write(m));
    }
    pipeline.flush();
    runPendingTasks();
    for (Future<Void> f : futures) {
      if (f.isDone() && f.cause() != null) {
        recordException(f.cause());
      }
    }
    checkException();
    return !outbound.isEmpty();
  }

  /**
   * Takes the next message that reached the tail of the pipeline.
   *
   * @param <T> the expected type
   * @return the message, owned by the caller, or {@code null}
   */
  @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})
  public <T> T readInbound() {
    return (T) inbound.poll();
  }

  /**
   * Takes the next flushed outbound message.
   *
   * @param <T> the expected type
   * @return the message, owned by the caller, or {@code null}
   */
  @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})
  public <T> T readOutbound() {
    return (T) outbound.poll();
  }

  /**
   * Closes the channel and rethrows a recorded exception.
   *
   * @return whether unread inbound or outbound messages are left
   */
  public boolean finish() {
    close();
    runPendingTasks();
    checkException();
    return !inbound.isEmpty() || !outbound.isEmpty();
  }

  /**
   * Closes the channel, releases every unread message and rethrows a recorded exception.
   *
   * @return whether unread messages were left (and released)
   */
  public boolean finishAndReleaseAll() {
    close();
    runPendingTasks();
    boolean releasedInbound = releaseInbound();
    boolean any = releaseOutbound() || releasedInbound;
    checkException();
    return any;
  }

  /**
   * Releases every unread inbound message.
   *
   * @return whether there were any
   */
  public boolean releaseInbound() {
    return releaseAll(inbound);
  }

  /**
   * Releases every unread outbound message.
   *
   * @return whether there were any
   */
  public boolean releaseOutbound() {
    return releaseAll(outbound);
  }

  private static boolean releaseAll(Queue<Object> queue) {
    boolean any = !queue.isEmpty();
    Object m;
    while ((m = queue.poll()) != null) {
      ReferenceCountUtil.release(m);
    }
    return any;
  }

  /** Runs the tasks queued on {@link #executor()} and the scheduled tasks that are due. */
  public void runPendingTasks() {
    executor.runPendingTasks();
  }

  /**
   * Runs what is due, then tells how long until the next scheduled task.
   *
   * @return nanoseconds until the next scheduled task is due, or -1 if none is scheduled
   */
  public long runScheduledPendingTasks() {
    return executor.runScheduledPendingTasks();
  }

  /**
   * Moves the channel's frozen clock forward and runs the tasks that became due.
   *
   * @param amount how far, 0 or more
   * @param unit the unit of {@code amount}
   */
  public void advanceTimeBy(long amount, TimeUnit unit) {
    executor.advanceTimeBy(amount, unit);
  }

  /**
   * Returns the clock the channel's executor schedules against.
   *
   * @return the frozen clock
   */
  public Ticker ticker() {
    return executor.ticker();
  }

  /**
   * Rethrows (once) the first exception that reached the tail of the pipeline or failed a write;
   * later ones are attached as suppressed. Unchecked exceptions are thrown as they are, I/O
   * exceptions wrapped in {@link UncheckedIOException}, other checked ones in a {@link
   * RuntimeException}.
   */
  public void checkException() {
    Throwable t = exception;
    if (t == null) {
      return;
    }
    exception = null;
    switch (t) {
      case RuntimeException e -> throw e;
      case Error e -> throw e;
      case IOException e -> throw new UncheckedIOException(e);
      default -> throw new RuntimeException(t);
    }
  }

  private void recordException(Throwable t) {
    if (exception == null) {
      exception = t;
    } else if (exception != t) {
      exception.addSuppressed(t);
    }
  }

  private void doClose(Promise<Void> promise) {
    if (!open) {
      promise.trySuccess(null);
      return;
    }
    open = false;
    ClosedChannelException closed = new ClosedChannelException();
    List<PendingWrite> dropped = new ArrayList<>(unflushed);
    unflushed.clear(); // a listener may write again
    for (PendingWrite w : dropped) {
      ReferenceCountUtil.release(w.msg());
      w.promise().tryFailure(closed);
    }
    pipeline.fireChannelInactive();
    pipeline.fireChannelUnregistered();
    pipeline.removeAll();
    executor.runPendingTasks();
    executor.cancelScheduled();
    closeFuture.trySuccess(null);
    promise.trySuccess(null);
  }

  @Override
  public String toString() {
    return "EmbeddedChannel(" + id + ")";
  }

  private record PendingWrite(Object msg, Promise<Void> promise) {}

  /** Collects what reaches the tail instead of discarding it. */
  private static final class EmbeddedPipeline extends DefaultChannelPipeline {
    private final EmbeddedChannel ch;

    EmbeddedPipeline(EmbeddedChannel ch) {
      super(ch, new Head(ch));
      this.ch = ch;
    }

    @Override
    protected void onUnhandledInboundMessage(Object msg) {
      ch.inbound.add(msg);
    }

    @Override
    protected void onUnhandledInboundException(Throwable cause) {
      ch.recordException(cause);
    }
  }

  /** Performs outbound operations: writes wait in {@code unflushed} until a flush. */
  private record Head(EmbeddedChannel ch) implements ChannelHandler {
    @Override
    public void bind(ChannelHandlerContext ctx, SocketAddress localAddress, Promise<Void> promise) {
      promise.trySuccess(null);
    }

    @Override
    public void connect(
        ChannelHandlerContext ctx,
        SocketAddress remoteAddress,
        SocketAddress localAddress,
        Promise<Void> promise) {
      promise.trySuccess(null);
    }

    @Override
    public void disconnect(ChannelHandlerContext ctx, Promise<Void> promise) {
      ch.doClose(promise);
    }

    @Override
    public void close(ChannelHandlerContext ctx, Promise<Void> promise) {
      ch.doClose(promise);
    }

    @Override
    public void read(ChannelHandlerContext ctx) {}

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
      if (!ch.open) {
        ReferenceCountUtil.release(msg);
        promise.tryFailure(new ClosedChannelException());
        return;
      }
      ch.unflushed.add(new PendingWrite(msg, promise));
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
      List<PendingWrite> batch = new ArrayList<>(ch.unflushed);
      ch.unflushed.clear(); // a listener may write again
      for (PendingWrite w : batch) {
        ch.outbound.add(w.msg());
        w.promise().trySuccess(null);
      }
    }
  }
}

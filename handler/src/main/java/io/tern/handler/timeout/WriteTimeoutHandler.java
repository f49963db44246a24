package io.tern.handler.timeout;

import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.FutureListener;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.VoidChannelPromise;
import java.util.concurrent.TimeUnit;

/**
 * Fails and closes a channel when a write does not complete within a timeout (the peer does not
 * read, the network is stuck): fires a {@link WriteTimeoutException} to {@code exceptionCaught} of
 * the next handlers, then closes the channel (once). Each write gets its own timer, started when it
 * passes this handler and cancelled when its future completes.
 *
 * <pre>{@code
 * pipeline.addLast("writeTimeout", new WriteTimeoutHandler(30));
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Messages pass on unchanged; it holds none (it only watches write futures).
 */
public class WriteTimeoutHandler implements ChannelHandler {
  private static final long MIN_TIMEOUT_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private final long timeoutNanos;
  private WriteTimeoutTask lastTask; // tasks pending, newest last, linked both ways
  private boolean closed;

  /**
   * Creates a handler.
   *
   * @param timeoutSeconds the write timeout in seconds; 0 for none
   */
  public WriteTimeoutHandler(int timeoutSeconds) {
    this(timeoutSeconds, TimeUnit.SECONDS);
  }

  /**
   * Creates a handler.
   *
   * @param timeout the write timeout; 0 for none
   * @param unit its unit; a positive timeout is at least a millisecond
   */
  public WriteTimeoutHandler(long timeout, TimeUnit unit) {
    this.timeoutNanos = timeout <= 0 ? 0 : Math.max(unit.toNanos(timeout), MIN_TIMEOUT_NANOS);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) throws Exception {
    if (timeoutNanos > 0 && !promise.isDone()) {
      promise = VoidChannelPromise.unvoid(promise); // the timeout listens to it
      WriteTimeoutTask task = new WriteTimeoutTask(ctx, promise);
      task.timeout = ctx.executor().schedule(task, timeoutNanos, TimeUnit.NANOSECONDS);
      if (!task.timeout.isDone()) {
        link(task);
        promise.addListener(task);
      }
    }
    ctx.write(msg, promise);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
    WriteTimeoutTask task = lastTask;
    lastTask = null;
    while (task != null) {
      task.timeout.cancel(false);
      WriteTimeoutTask prev = task.prev;
      task.prev = null;
      task.next = null;
      task = prev;
    }
  }

  /**
   * Called when a write timed out; the default fires a {@link WriteTimeoutException} and closes the
   * channel, the first time only.
   *
   * @param ctx this handler's context
   * @throws Exception passed to {@code exceptionCaught}
   */
  protected void writeTimedOut(ChannelHandlerContext ctx) throws Exception {
    if (!closed) {
      closed = true;
      ctx.fireExceptionCaught(
          new WriteTimeoutException(
              "write not done in " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms"));
      ctx.close();
    }
  }

  private void link(WriteTimeoutTask task) {
    if (lastTask != null) {
      lastTask.next = task;
      task.prev = lastTask;
    }
    lastTask = task;
  }

  private void unlink(WriteTimeoutTask task) {
    if (task == lastTask) {
      lastTask = task.prev;
      if (lastTask != null) {
        lastTask.next = null;
      }
    } else if (task.prev == null && task.next == null) {
      return; // not linked (any more)
    } else if (task.prev == null) {
      task.next.prev = null;
    } else {
      task.prev.next = task.next;
      task.next.prev = task.prev;
    }
    task.prev = null;
    task.next = null;
  }

  /** The timer of one write: fires if the write is still pending, goes away when it completes. */
  private final class WriteTimeoutTask implements Runnable, FutureListener<Void> {
    private final ChannelHandlerContext ctx;
    private final Promise<Void> promise;
    ScheduledFuture<?> timeout;
    WriteTimeoutTask prev;
    WriteTimeoutTask next;

    WriteTimeoutTask(ChannelHandlerContext ctx, Promise<Void> promise) {
      this.ctx = ctx;
      this.promise = promise;
    }

    @Override
    public void run() {
      unlink(this);
      if (!promise.isDone()) {
        try {
          writeTimedOut(ctx);
        } catch (Throwable t) {
          ctx.fireExceptionCaught(t);
        }
      }
    }

    @Override
    public void operationComplete(Future<Void> future) {
      timeout.cancel(false);
      unlink(this);
    }
  }
}

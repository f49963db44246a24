package io.tern.common.concurrent;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Runs each task on the calling thread. A task submitted while another runs on the same thread is
 * queued and run when the outer one returns, so deep chains of listeners trampoline instead of
 * growing the stack.
 *
 * <p>{@link #inEventLoop()} is always {@code true}. It cannot schedule, and shutting it down does
 * nothing.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use it; each task runs on the thread that submitted it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds a task only while an outer task on the same thread runs; it never retains or releases
 * what a task refers to.
 */
public final class ImmediateEventExecutor extends AbstractEventExecutor {
  /** The single instance. */
  public static final ImmediateEventExecutor INSTANCE = new ImmediateEventExecutor();

  // A plain ThreadLocal: FastThreadLocal did not win on JDK 25 (see FastThreadLocalGet).
  private static final ThreadLocal<ArrayDeque<Runnable>> PENDING = new ThreadLocal<>();
  private final Promise<Void> terminationFuture = new DefaultPromise<>(this);

  private ImmediateEventExecutor() {
    super(null);
  }

  @Override
  public void execute(Runnable task) {
    ArrayDeque<Runnable> pending = PENDING.get();
    if (pending != null) {
      pending.add(task);
      return;
    }
    pending = new ArrayDeque<>();
    PENDING.set(pending);
    try {
      safeExecute(task);
      Runnable next;
      while ((next = pending.poll()) != null) {
        safeExecute(next);
      }
    } finally {
      PENDING.remove();
    }
  }

  @Override
  public boolean inEventLoop(Thread thread) {
    return true;
  }

  @Override
  public boolean isShuttingDown() {
    return false;
  }

  @Override
  public Future<?> shutdownGracefully(long quietPeriod, long timeout, TimeUnit unit) {
    return terminationFuture;
  }

  @Override
  public Future<?> terminationFuture() {
    return terminationFuture;
  }

  @Override
  public boolean isShutdown() {
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return false;
  }
}

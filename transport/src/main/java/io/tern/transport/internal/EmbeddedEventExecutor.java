package io.tern.transport.internal;

import io.tern.common.concurrent.AbstractEventExecutor;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * The executor of an embedded channel: every thread counts as "in the loop", and submitted tasks
 * queue until {@link #runPendingTasks()} runs them on the calling thread. Not for concurrent use
 * beyond {@link #execute} (which any thread may call).
 */
public class EmbeddedEventExecutor extends AbstractEventExecutor {
  private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final Promise<Void> terminationFuture = new DefaultPromise<>(this);

  /** Creates an executor with no parent group. */
  public EmbeddedEventExecutor() {
    super(null);
  }

  @Override
  public void execute(Runnable task) {
    tasks.add(task);
  }

  /** Runs queued tasks, including those they queue, until none is left. */
  public void runPendingTasks() {
    Runnable task;
    while ((task = tasks.poll()) != null) {
      safeExecute(task);
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

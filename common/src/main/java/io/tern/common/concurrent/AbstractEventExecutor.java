package io.tern.common.concurrent;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Base for {@link EventExecutor}s: {@code submit} returns this library's {@link Future}, the
 * executor is a group of one, and {@link #shutdown()} maps to a graceful shutdown.
 *
 * <h2>Threading</h2>
 *
 * <p>That of the subclass's {@link #execute(Runnable)}.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds the tasks submitted to it until they run (or are dropped at termination); it never
 * retains or releases what a task refers to.
 */
public abstract class AbstractEventExecutor extends AbstractExecutorService
    implements EventExecutor {
  private static final System.Logger LOGGER =
      System.getLogger(AbstractEventExecutor.class.getName());

  private final EventExecutorGroup parent;

  /**
   * Creates an executor.
   *
   * @param parent the owning group, or {@code null}
   */
  protected AbstractEventExecutor(EventExecutorGroup parent) {
    this.parent = parent;
  }

  @Override
  public EventExecutorGroup parent() {
    return parent;
  }

  @Override
  public EventExecutor next() {
    return this;
  }

  @Override
  public Iterator<EventExecutor> iterator() {
    return new Iterator<>() {
      private boolean done;

      @Override
      public boolean hasNext() {
        return !done;
      }

      @Override
      public EventExecutor next() {
        if (done) {
          throw new NoSuchElementException();
        }
        done = true;
        return AbstractEventExecutor.this;
      }
    };
  }

  @Override
  @SuppressWarnings("FutureReturnValueIgnored")
  public void shutdown() {
    shutdownGracefully(0, 0, TimeUnit.NANOSECONDS);
  }

  @Override
  public List<Runnable> shutdownNow() {
    shutdown();
    return List.of();
  }

  @Override
  public Future<?> submit(Runnable task) {
    return (Future<?>) super.submit(task);
  }

  @Override
  public <T> Future<T> submit(Runnable task, T result) {
    return (Future<T>) super.submit(task, result);
  }

  @Override
  public <T> Future<T> submit(Callable<T> task) {
    return (Future<T>) super.submit(task);
  }

  @Override
  protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
    return new PromiseTask<>(this, runnable, value);
  }

  @Override
  protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
    return new PromiseTask<>(this, callable);
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException("scheduling");
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException("scheduling");
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    throw new UnsupportedOperationException("scheduling");
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException("scheduling");
  }

  /**
   * Runs a task, logging instead of propagating what it throws, so one bad task cannot kill a loop.
   *
   * @param task the task to run
   */
  protected static void safeExecute(Runnable task) {
    try {
      task.run();
    } catch (Throwable t) {
      LOGGER.log(System.Logger.Level.WARNING, "A task raised an exception. Task: " + task, t);
    }
  }
}

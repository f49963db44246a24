package io.tern.common.concurrent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed set of {@link EventExecutor}s with one {@link EventExecutorChooserFactory.Chooser}
 * picking among them. Submissions go to {@link #next()}.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use a group.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds the tasks submitted to it until they run (or are dropped at termination); it never
 * retains or releases what a task refers to.
 */
public abstract class MultiThreadEventExecutorGroup implements EventExecutorGroup {
  private final EventExecutor[] children;
  private final List<EventExecutor> readonlyChildren;
  private final EventExecutorChooserFactory.Chooser chooser;
  private final Promise<Void> terminationFuture =
      new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);

  /**
   * Creates the group and its executors.
   *
   * @param nThreads the number of executors, at least 1
   * @param chooserFactory picks {@link #next()}
   * @throws IllegalArgumentException if {@code nThreads < 1}
   */
  @SuppressWarnings("FutureReturnValueIgnored")
  protected MultiThreadEventExecutorGroup(
      int nThreads, EventExecutorChooserFactory chooserFactory) {
    if (nThreads < 1) {
      throw new IllegalArgumentException("nThreads: " + nThreads + " (expected: > 0)");
    }
    children = new EventExecutor[nThreads];
    boolean success = false;
    try {
      for (int i = 0; i < nThreads; i++) {
        children[i] = newChild(i);
      }
      success = true;
    } finally {
      if (!success) {
        for (EventExecutor e : children) {
          if (e != null) {
            e.shutdownGracefully(0, 0, TimeUnit.NANOSECONDS);
          }
        }
      }
    }
    chooser = Objects.requireNonNull(chooserFactory, "chooserFactory").newChooser(children);
    readonlyChildren = Collections.unmodifiableList(Arrays.asList(children));
    AtomicInteger terminated = new AtomicInteger();
    for (EventExecutor e : children) {
      e.terminationFuture()
          .addListener(
              f -> {
                if (terminated.incrementAndGet() == children.length) {
                  terminationFuture.trySuccess(null);
                }
              });
    }
  }

  /**
   * Creates the executor at {@code index}; called from the constructor.
   *
   * @param index the executor's position in the group
   * @return a new executor whose parent is this group
   */
  protected abstract EventExecutor newChild(int index);

  @Override
  public EventExecutor next() {
    return chooser.next();
  }

  /**
   * Returns how many executors the group has.
   *
   * @return the executor count
   */
  public final int executorCount() {
    return children.length;
  }

  @Override
  public Iterator<EventExecutor> iterator() {
    return readonlyChildren.iterator();
  }

  @Override
  @SuppressWarnings("FutureReturnValueIgnored")
  public Future<?> shutdownGracefully(long quietPeriod, long timeout, TimeUnit unit) {
    for (EventExecutor e : children) {
      e.shutdownGracefully(quietPeriod, timeout, unit);
    }
    return terminationFuture;
  }

  @Override
  public Future<?> terminationFuture() {
    return terminationFuture;
  }

  @Override
  public boolean isShuttingDown() {
    for (EventExecutor e : children) {
      if (!e.isShuttingDown()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean isShutdown() {
    for (EventExecutor e : children) {
      if (!e.isShutdown()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean isTerminated() {
    return terminationFuture.isDone();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    return terminationFuture.await(timeout, unit);
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
  public void execute(Runnable command) {
    next().execute(command);
  }

  @Override
  public Future<?> submit(Runnable task) {
    return next().submit(task);
  }

  @Override
  public <T> Future<T> submit(Runnable task, T result) {
    return next().submit(task, result);
  }

  @Override
  public <T> Future<T> submit(Callable<T> task) {
    return next().submit(task);
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    return next().schedule(command, delay, unit);
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    return next().schedule(callable, delay, unit);
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(
      Runnable command, long initialDelay, long period, TimeUnit unit) {
    return next().scheduleAtFixedRate(command, initialDelay, period, unit);
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(
      Runnable command, long initialDelay, long delay, TimeUnit unit) {
    return next().scheduleWithFixedDelay(command, initialDelay, delay, unit);
  }

  @Override
  public <T> List<java.util.concurrent.Future<T>> invokeAll(Collection<? extends Callable<T>> tasks)
      throws InterruptedException {
    return next().invokeAll(tasks);
  }

  @Override
  public <T> List<java.util.concurrent.Future<T>> invokeAll(
      Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException {
    return next().invokeAll(tasks, timeout, unit);
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks)
      throws InterruptedException, ExecutionException {
    return next().invokeAny(tasks);
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    return next().invokeAny(tasks, timeout, unit);
  }

  @Override
  public String toString() {
    List<String> names = new ArrayList<>();
    for (EventExecutor e : children) {
      names.add(e.toString());
    }
    return getClass().getSimpleName() + names;
  }
}

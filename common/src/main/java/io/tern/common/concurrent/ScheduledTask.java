package io.tern.common.concurrent;

import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/**
 * A task in an {@link AbstractScheduledEventExecutor}'s schedule. Its heap index lets the loop
 * remove it in O(log n) when it is cancelled. Everything but {@link #cancel} runs on the loop
 * thread.
 */
final class ScheduledTask<V> extends DefaultPromise<V> implements ScheduledFuture<V>, Runnable {
  // The owning executor is the promise's executor(): no second field (at 100,000 pending tasks
  // every byte of the task is allocation and cache footprint).
  private final Callable<V> task;
  // > 0: fixed rate; < 0: fixed delay of -periodNanos; 0: runs once.
  private final long periodNanos;
  long deadlineNanos;
  long id;
  int heapIndex = -1;

  ScheduledTask(
      AbstractScheduledEventExecutor owner,
      Callable<V> task,
      long deadlineNanos,
      long periodNanos) {
    super(owner);
    this.task = task;
    this.deadlineNanos = deadlineNanos;
    this.periodNanos = periodNanos;
  }

  private AbstractScheduledEventExecutor owner() {
    return (AbstractScheduledEventExecutor) executor();
  }

  @Override
  public void run() {
    if (periodNanos == 0) {
      if (!setUncancellable()) {
        return;
      }
      V value;
      try {
        value = task.call();
      } catch (Throwable t) {
        tryFailure(t);
        return;
      }
      trySuccess(value);
      return;
    }
    if (isDone()) {
      return;
    }
    try {
      task.call();
    } catch (Throwable t) {
      tryFailure(t);
      return;
    }
    if (isDone() || owner().isShutdown()) {
      return;
    }
    deadlineNanos =
        periodNanos > 0 ? deadlineNanos + periodNanos : owner().ticker().nanoTime() - periodNanos;
    owner().reschedule(this);
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    boolean cancelled = super.cancel(mayInterruptIfRunning);
    if (cancelled) {
      owner().removeScheduled(this);
    }
    return cancelled;
  }

  @Override
  public long getDelay(TimeUnit unit) {
    return unit.convert(deadlineNanos - owner().ticker().nanoTime(), TimeUnit.NANOSECONDS);
  }

  @Override
  public int compareTo(Delayed other) {
    if (other == this) {
      return 0;
    }
    if (other instanceof ScheduledTask<?> o) {
      long d = deadlineNanos - o.deadlineNanos;
      return d != 0 ? (d < 0 ? -1 : 1) : Long.compare(id, o.id);
    }
    return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
  }

  @Override
  public boolean equals(Object o) {
    return this == o;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(this);
  }
}

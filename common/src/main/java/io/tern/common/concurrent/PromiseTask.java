package io.tern.common.concurrent;

import java.util.concurrent.Callable;
import java.util.concurrent.RunnableFuture;

/** A promise that runs its own task: what {@code submit} returns. Package-private. */
class PromiseTask<V> extends DefaultPromise<V> implements RunnableFuture<V> {
  private final Callable<V> task;

  PromiseTask(EventExecutor executor, Callable<V> task) {
    super(executor);
    this.task = task;
  }

  PromiseTask(EventExecutor executor, Runnable task, V result) {
    super(executor);
    this.task =
        () -> {
          task.run();
          return result;
        };
  }

  @Override
  public void run() {
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
  }
}

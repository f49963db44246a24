package io.tern.common.concurrent;

/**
 * A platform thread with indexed slots for {@link FastThreadLocal}s, so that a lookup is an array
 * read instead of a hash probe. Event-loop threads are {@code FastThreadLocalThread}s.
 *
 * <h2>Threading</h2>
 *
 * <p>The slots belong to this thread and are only touched by it.
 *
 * <h2>Ownership</h2>
 *
 * <p>When {@link #run()} returns, all its fast thread-locals are removed (their {@link
 * FastThreadLocal#onRemoval} hooks run).
 */
public class FastThreadLocalThread extends Thread {
  Object[] slots;
  // How many promise notifications this thread is inside (DefaultPromise): only this thread touches
  // it, and it is hot, so it is a field rather than a slot behind a lookup.
  final int[] listenerDepth = new int[1];

  /**
   * Creates a thread running {@code task}.
   *
   * @param task what the thread runs
   * @param name the thread name
   */
  public FastThreadLocalThread(Runnable task, String name) {
    super(task, name);
  }

  /**
   * Creates a thread in a group.
   *
   * @param group the thread group, or {@code null} for the current one
   * @param task what the thread runs
   * @param name the thread name
   */
  public FastThreadLocalThread(ThreadGroup group, Runnable task, String name) {
    super(group, task, name);
  }

  /** Runs the task, then removes every fast thread-local of this thread. */
  @Override
  public void run() {
    try {
      super.run();
    } finally {
      FastThreadLocal.removeAll();
    }
  }
}

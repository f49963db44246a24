package io.tern.common.concurrent;

import java.util.concurrent.ThreadFactory;

/**
 * A group of {@link DefaultEventExecutor}s (no I/O), for offloading work from event loops.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds the tasks submitted to it until they run (or are dropped at termination); it never
 * retains or releases what a task refers to.
 */
public final class DefaultEventExecutorGroup extends MultiThreadEventExecutorGroup {
  private final ThreadFactory threadFactory;

  /**
   * Creates a group of {@code nThreads} executors with daemon threads.
   *
   * @param nThreads the number of executors
   */
  public DefaultEventExecutorGroup(int nThreads) {
    this(nThreads, new DefaultThreadFactory("executor-group", true));
  }

  /**
   * Creates a group of {@code nThreads} executors.
   *
   * @param nThreads the number of executors
   * @param threadFactory creates the threads
   */
  public DefaultEventExecutorGroup(int nThreads, ThreadFactory threadFactory) {
    this.threadFactory = threadFactory;
    super(nThreads, EventExecutorChooserFactory.roundRobin());
  }

  @Override
  protected EventExecutor newChild(int index) {
    return new DefaultEventExecutor(this, threadFactory, Ticker.system());
  }
}

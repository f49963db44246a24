package io.tern.common.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Creates named {@link FastThreadLocalThread}s: {@code <prefix>-<pool>-<n>}.
 *
 * <h2>Threading</h2>
 *
 * <p>Safe to use from any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class DefaultThreadFactory implements ThreadFactory {
  private static final AtomicInteger POOL_IDS = new AtomicInteger();
  private final String prefix;
  private final boolean daemon;
  private final AtomicInteger nextId = new AtomicInteger();

  /**
   * Creates a factory.
   *
   * @param prefix the thread-name prefix
   * @param daemon whether threads are daemons
   */
  public DefaultThreadFactory(String prefix, boolean daemon) {
    this.prefix = prefix + "-" + POOL_IDS.incrementAndGet() + "-";
    this.daemon = daemon;
  }

  @Override
  public Thread newThread(Runnable task) {
    Thread t = new FastThreadLocalThread(task, prefix + nextId.incrementAndGet());
    t.setDaemon(daemon);
    return t;
  }
}

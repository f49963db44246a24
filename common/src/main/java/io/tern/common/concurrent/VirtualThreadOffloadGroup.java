package io.tern.common.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import org.jctools.queues.varhandle.MpscUnboundedVarHandleArrayQueue;

/**
 * Runs work that may block (JDBC, file I/O, blocking clients) on virtual threads, so that it never
 * stalls an event loop, while keeping per-key order: each key (typically a channel) gets its own
 * {@link #newSerialExecutor() serial executor}, whose tasks run one at a time in submission order,
 * each batch on a fresh virtual thread. Different keys run in parallel.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may submit; tasks run on virtual threads, one at a time per serial executor. After
 * {@link #close()} new submissions are rejected; tasks already queued still run.
 *
 * <h2>Ownership</h2>
 *
 * <p>The caller keeps the serial executor for as long as the key lives (a channel stores it), so
 * nothing is retained once the key is gone. Tasks are held until they run; the group never retains
 * or releases what a task refers to.
 */
public final class VirtualThreadOffloadGroup implements AutoCloseable {
  private static final System.Logger LOGGER =
      System.getLogger(VirtualThreadOffloadGroup.class.getName());
  private final ThreadFactory threads;
  private volatile boolean closed;

  /**
   * Creates a group whose virtual threads are named {@code <name>-<n>}.
   *
   * @param name the thread-name prefix
   */
  public VirtualThreadOffloadGroup(String name) {
    this.threads = Thread.ofVirtual().name(Objects.requireNonNull(name, "name") + "-", 0).factory();
  }

  /**
   * Creates an executor that runs its tasks one at a time, in submission order, on virtual threads
   * of this group. A task that throws is logged and does not stop the ones after it.
   *
   * @return a new serial executor
   */
  public Executor newSerialExecutor() {
    return new SerialExecutor(this);
  }

  /**
   * Returns whether {@link #close()} has been called.
   *
   * @return {@code true} once closed
   */
  public boolean isClosed() {
    return closed;
  }

  /** Rejects new submissions from now on; queued tasks still run. */
  @Override
  public void close() {
    closed = true;
  }

  /**
   * One key's queue. Protocol: {@code scheduled} is 1 while a drainer owns the queue. A submitter
   * offers, then starts a drainer if it flips 0 to 1. The drainer, when the queue looks empty, sets
   * 0 and re-checks the queue (a task offered after its last poll would otherwise wait forever),
   * taking ownership back if it can.
   */
  private static final class SerialExecutor implements Executor, Runnable {
    private static final VarHandle SCHEDULED;

    static {
      try {
        SCHEDULED =
            MethodHandles.lookup().findVarHandle(SerialExecutor.class, "scheduled", int.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    private final VirtualThreadOffloadGroup group;
    private final MpscUnboundedVarHandleArrayQueue<Runnable> queue =
        new MpscUnboundedVarHandleArrayQueue<>(64);
    private volatile int scheduled;

    SerialExecutor(VirtualThreadOffloadGroup group) {
      this.group = group;
    }

    @Override
    public void execute(Runnable task) {
      Objects.requireNonNull(task, "task");
      if (group.closed) {
        throw new RejectedExecutionException("offload group closed");
      }
      queue.offer(task);
      if (scheduled == 0 && SCHEDULED.compareAndSet(this, 0, 1)) {
        group.threads.newThread(this).start();
      }
    }

    @Override
    public void run() {
      for (; ; ) {
        Runnable task;
        while ((task = queue.poll()) != null) {
          try {
            task.run();
          } catch (Throwable t) {
            LOGGER.log(System.Logger.Level.WARNING, "An offloaded task raised an exception", t);
          }
        }
        SCHEDULED.setVolatile(this, 0);
        if (queue.peek() == null || !SCHEDULED.compareAndSet(this, 0, 1)) {
          return;
        }
      }
    }
  }
}

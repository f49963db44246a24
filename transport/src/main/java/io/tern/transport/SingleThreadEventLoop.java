package io.tern.transport;

import io.tern.common.SystemProperties;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.SingleThreadEventExecutor;
import io.tern.common.concurrent.Ticker;
import io.tern.transport.internal.EventLoopIterationEvent;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The {@link EventLoop}: one thread running an {@link IoHandler} and the executor's tasks.
 *
 * <p>Each iteration follows the wake-up protocol of {@link SingleThreadEventExecutor}: it announces
 * the deadline it will wait towards (the next scheduled task), re-checks the task queue, and lets
 * the handler block only if nothing is pending; submitters from other threads then call {@link
 * IoHandler#wakeup()} at most once per wait. After I/O, tasks run for at most the task quantum,
 * {@code io.tern.transport.taskQuantumMillis} (default 100 ms), so a flood of tasks cannot starve
 * I/O for long. Handlers on the loop thread that need a coarse wall-clock time read {@link
 * EventLoopClock}, which reads the clock at most once per iteration.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may submit and register; the handler and registered handles are only touched on the
 * loop thread. Metrics are written by the loop and readable anywhere; a JFR event {@code
 * io.tern.EventLoopIteration} (disabled by default) records slow iterations.
 *
 * <h2>Ownership</h2>
 *
 * <p>The loop owns its {@link IoHandler} and destroys it when it terminates; it holds no
 * reference-counted objects of its own.
 */
public class SingleThreadEventLoop extends SingleThreadEventExecutor implements EventLoop {
  /** The default task time budget per iteration, in nanoseconds. */
  static final long DEFAULT_TASK_QUANTUM_NANOS =
      TimeUnit.MILLISECONDS.toNanos(
          Math.max(1, SystemProperties.getInt("io.tern.transport.taskQuantumMillis", 100)));

  private final IoHandler ioHandler;
  private final long taskQuantumNanos;
  private final Metrics metrics = new Metrics();
  private final Context context = new Context();

  /**
   * Creates a loop; its thread starts on the first submission or registration.
   *
   * @param parent the owning group, or {@code null}
   * @param threadFactory creates the loop thread
   * @param ioHandlerFactory creates this loop's I/O handler
   * @param ticker the clock for schedules, budgets and metrics
   * @param taskQuantumNanos the task time budget per iteration
   */
  public SingleThreadEventLoop(
      EventLoopGroup parent,
      ThreadFactory threadFactory,
      IoHandlerFactory ioHandlerFactory,
      Ticker ticker,
      long taskQuantumNanos) {
    super(parent, threadFactory, ticker);
    if (taskQuantumNanos <= 0) {
      throw new IllegalArgumentException("taskQuantumNanos: " + taskQuantumNanos);
    }
    this.taskQuantumNanos = taskQuantumNanos;
    this.ioHandler =
        Objects.requireNonNull(
            Objects.requireNonNull(ioHandlerFactory, "ioHandlerFactory").newHandler(this),
            "ioHandler");
  }

  @Override
  public EventLoop next() {
    return this;
  }

  @Override
  public EventLoopGroup parent() {
    return (EventLoopGroup) super.parent();
  }

  @Override
  public EventLoopMetrics metrics() {
    return metrics;
  }

  @Override
  public boolean isCompatible(Class<? extends IoHandle> handleType) {
    return ioHandler.isCompatible(handleType);
  }

  @Override
  public Future<IoRegistration> register(IoHandle handle) {
    Objects.requireNonNull(handle, "handle");
    Promise<IoRegistration> promise = newPromise();
    if (inEventLoop()) {
      registerOnLoop(handle, promise);
    } else {
      execute(() -> registerOnLoop(handle, promise));
    }
    return promise;
  }

  private void registerOnLoop(IoHandle handle, Promise<IoRegistration> promise) {
    if (isShuttingDown()) {
      promise.tryFailure(new IllegalStateException("event loop shutting down"));
      return;
    }
    IoRegistration registration;
    try {
      registration = ioHandler.register(handle);
    } catch (Exception e) {
      promise.tryFailure(e);
      return;
    }
    metrics.setRegistered(ioHandler.registeredHandles());
    if (!promise.trySuccess(registration)) {
      registration.cancel();
      metrics.setRegistered(ioHandler.registeredHandles());
    }
  }

  @Override
  protected void run() {
    ioHandler.initialize();
    Ticker ticker = ticker();
    EventLoopClock.Iteration wallClock = new EventLoopClock.Iteration(ticker);
    EventLoopClock.bind(wallClock);
    try {
      runIterations(ticker, wallClock);
    } finally {
      // Tasks that run during termination, after this method, read the system clock directly
      // rather than the last iteration's time, which nothing would refresh any more.
      EventLoopClock.unbind();
    }
  }

  private void runIterations(Ticker ticker, EventLoopClock.Iteration wallClock) {
    boolean destroying = false;
    for (; ; ) {
      EventLoopIterationEvent event = new EventLoopIterationEvent();
      event.begin();
      // Cleared before the wait, read lazily after it: the first handler or task asking for the
      // time in this iteration reads the clock once, and an iteration nobody asks in reads none.
      wallClock.next();
      long start = ticker.nanoTime();
      long deadline = nextDeadlineNanos();
      boolean mayWait = prepareToWait(deadline);
      context.canBlock = mayWait;
      context.deadlineNanos = deadline;
      context.ticker = ticker;
      int ioHandled;
      try {
        ioHandled = ioHandler.run(context);
      } finally {
        if (mayWait) {
          awake();
        }
      }
      long ioEnd = ticker.nanoTime();
      int tasks = runAllTasks(taskQuantumNanos);
      long end = ticker.nanoTime();
      int registered = ioHandler.registeredHandles();
      metrics.record(tasks, ioHandled, ioEnd - start, end - ioEnd);
      metrics.setRegistered(registered);
      event.end();
      if (event.shouldCommit()) {
        event.loop = Thread.currentThread().getName();
        event.tasksRun = tasks;
        event.ioHandled = ioHandled;
        event.pendingTasks = pendingTasks();
        event.registeredHandles = registered;
        event.ioNanos = ioEnd - start;
        event.taskNanos = end - ioEnd;
        event.commit();
      }
      if (isShuttingDown()) {
        if (!destroying) {
          destroying = true;
          ioHandler.prepareToDestroy();
        }
        if (confirmShutdown()) {
          return;
        }
      }
    }
  }

  @Override
  protected void wakeup() {
    ioHandler.wakeup();
  }

  @Override
  protected void cleanup() {
    ioHandler.prepareToDestroy();
    ioHandler.destroy();
  }

  private static final class Context implements IoHandlerContext {
    boolean canBlock;
    long deadlineNanos;
    Ticker ticker;

    @Override
    public boolean canBlock() {
      return canBlock;
    }

    @Override
    public long delayNanos() {
      if (deadlineNanos == NO_DEADLINE) {
        return Long.MAX_VALUE;
      }
      return Math.max(0, deadlineNanos - ticker.nanoTime());
    }
  }

  /** Loop-written, anywhere-read counters; opaque accesses keep longs untorn without fences. */
  private final class Metrics implements EventLoopMetrics {
    private static final VarHandle ITERATIONS;
    private static final VarHandle IO_NANOS;
    private static final VarHandle TASK_NANOS;

    static {
      try {
        MethodHandles.Lookup l = MethodHandles.lookup();
        ITERATIONS = l.findVarHandle(Metrics.class, "iterations", long.class);
        IO_NANOS = l.findVarHandle(Metrics.class, "ioNanos", long.class);
        TASK_NANOS = l.findVarHandle(Metrics.class, "taskNanos", long.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    private long iterations;
    private long ioNanos;
    private long taskNanos;
    private volatile int tasksRun;
    private volatile int ioHandled;
    private volatile int registered;

    void record(int tasks, int handled, long io, long task) {
      ITERATIONS.setOpaque(this, iterations + 1);
      IO_NANOS.setOpaque(this, ioNanos + io);
      TASK_NANOS.setOpaque(this, taskNanos + task);
      if (tasksRun != tasks) {
        tasksRun = tasks;
      }
      if (ioHandled != handled) {
        ioHandled = handled;
      }
    }

    void setRegistered(int n) {
      if (registered != n) {
        registered = n;
      }
    }

    @Override
    public long iterations() {
      return (long) ITERATIONS.getOpaque(this);
    }

    @Override
    public int tasksRunLastIteration() {
      return tasksRun;
    }

    @Override
    public int ioHandledLastIteration() {
      return ioHandled;
    }

    @Override
    public int pendingTasks() {
      return SingleThreadEventLoop.this.pendingTasks();
    }

    @Override
    public long ioTimeNanos() {
      return (long) IO_NANOS.getOpaque(this);
    }

    @Override
    public long taskTimeNanos() {
      return (long) TASK_NANOS.getOpaque(this);
    }

    @Override
    public int registeredHandles() {
      // Exact on the loop; elsewhere as of the last registration or loop iteration.
      return inEventLoop() ? ioHandler.registeredHandles() : registered;
    }
  }
}

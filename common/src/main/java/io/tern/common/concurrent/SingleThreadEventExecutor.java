package io.tern.common.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.jctools.queues.varhandle.MpscUnboundedVarHandleArrayQueue;

/**
 * An {@link EventExecutor} whose tasks run on one thread, started on the first submission: an MPSC
 * task queue (JCTools) plus a schedule (an indexed binary heap, so a cancel is O(log n)).
 *
 * <p>Subclasses write {@link #run()} from the protected loop-side methods; see the wake-up protocol
 * below, which every subclass must follow.
 *
 * <pre>
 * Wake-up protocol (no self-wakeups, no lost wake-ups)
 *
 * nextWakeupNanos: AWAKE while the loop runs, else the deadline it waits towards (NO_DEADLINE for
 * none). Both sides use volatile (sequentially consistent) accesses, so in the race below at
 * least one side sees the other's write.
 *
 * loop thread                                  submitting thread (never the loop itself)
 * 0. work already queued or due? run it, still AWAKE (no announcement, so no wake-up)
 * 1. nextWakeupNanos = deadline   (announce)   a. queue.offer(task)
 * 2. re-check: queue empty and nothing due?    b. if nextWakeupNanos != AWAKE
 *      no  -> nextWakeupNanos = AWAKE, run         and getAndSet(AWAKE) != AWAKE
 *      yes -> wait until deadline or wakeup()          -> wakeup()
 * 3. nextWakeupNanos = AWAKE; run tasks
 *
 * If 2 misses the task, b sees the announcement and exactly one submitter wins the getAndSet and
 * calls wakeup(). wakeup() must be sticky (a wakeup before the wait makes the wait return at
 * once: LockSupport.unpark, Selector.wakeup, an eventfd write), so a wakeup between 2 and the
 * wait is not lost. The loop never calls wakeup() for its own submissions: it is awake. A lazy
 * task skips b; it runs on the next wakeup, or at once if the loop is awake.
 * </pre>
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may submit, schedule, cancel and shut down. The schedule is touched only by the
 * loop thread: a task scheduled or cancelled from another thread is handed to the loop as a lazy
 * (non-waking) task that adds it to, or removes it from, the heap; a cancel flips the future's
 * state at once, so a cancelled task never runs even before the loop removes it. A schedule from
 * another thread wakes the loop only if its deadline is earlier than the one the loop sleeps
 * towards.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds the tasks submitted to it until they run (or are dropped at termination); it never
 * retains or releases what a task refers to.
 */
public abstract class SingleThreadEventExecutor extends AbstractScheduledEventExecutor {
  private static final long AWAKE = Long.MIN_VALUE;
  private static final long SHUTDOWN_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  private static final int ST_NOT_STARTED = 1;
  private static final int ST_STARTED = 2;
  private static final int ST_SHUTTING_DOWN = 3;
  private static final int ST_SHUTDOWN = 4;
  private static final int ST_TERMINATED = 5;
  private static final Runnable WAKEUP_TASK = new NoOpTask();
  private static final System.Logger LOGGER =
      System.getLogger(SingleThreadEventExecutor.class.getName());

  private static final VarHandle STATE;
  private static final VarHandle NEXT_WAKEUP;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      STATE = lookup.findVarHandle(SingleThreadEventExecutor.class, "state", int.class);
      NEXT_WAKEUP =
          lookup.findVarHandle(SingleThreadEventExecutor.class, "nextWakeupNanos", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final MpscUnboundedVarHandleArrayQueue<Runnable> taskQueue =
      new MpscUnboundedVarHandleArrayQueue<>(1024);
  private final ThreadFactory threadFactory;
  private final Promise<Void> terminationFuture =
      new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);

  private volatile Thread thread;
  private volatile int state = ST_NOT_STARTED;
  private volatile long nextWakeupNanos = AWAKE;
  private volatile long quietPeriodNanos;
  private volatile long shutdownTimeoutNanos;

  // Loop-thread state.
  private boolean shutdownStarted;
  private long shutdownStartNanos;
  private long lastExecutionNanos;
  private int tasksRunLastPass;

  /**
   * Creates an executor; its thread starts on the first submission.
   *
   * @param parent the owning group, or {@code null}
   * @param threadFactory creates the loop thread (a {@link FastThreadLocalThread} factory is best)
   * @param ticker the clock for schedules and shutdown periods
   */
  protected SingleThreadEventExecutor(
      EventExecutorGroup parent, ThreadFactory threadFactory, Ticker ticker) {
    super(parent, ticker);
    this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
  }

  @Override
  public final boolean inEventLoop(Thread t) {
    return t == thread;
  }

  @Override
  public final boolean inEventLoop() {
    return Thread.currentThread() == thread;
  }

  /**
   * Returns how many tasks wait in the queue (not counting scheduled ones). Any thread; the value
   * is a snapshot.
   *
   * @return the queued task count
   */
  public final int pendingTasks() {
    return taskQueue.size();
  }

  @Override
  public void execute(Runnable task) {
    enqueue(task);
    if (Thread.currentThread() != thread) {
      wakeupIfSleeping();
    }
  }

  /**
   * Queues a task without waking the loop: it runs when the loop next wakes up for another reason
   * (I/O, a deadline, a waking task). For work that may wait, such as releasing resources.
   *
   * @param task the task
   * @throws RejectedExecutionException if the executor is shut down
   */
  public final void lazyExecute(Runnable task) {
    enqueue(task);
  }

  /** Queues a task without waking the loop, starting the loop's thread on the first task. */
  private void enqueue(Runnable task) {
    Objects.requireNonNull(task, "task");
    if (state >= ST_SHUTDOWN) {
      throw new RejectedExecutionException("event executor terminated");
    }
    taskQueue.offer(task);
    if (state == ST_NOT_STARTED && Thread.currentThread() != thread) {
      startThread();
    }
    // The queue cannot take a task back, so a task racing with termination may be dropped; the
    // loop logs how many when it terminates.
  }

  private void wakeupIfSleeping() {
    if (nextWakeupNanos != AWAKE && (long) NEXT_WAKEUP.getAndSet(this, AWAKE) != AWAKE) {
      wakeup();
    }
  }

  @Override
  protected final void addScheduledFromOtherThread(Runnable addToSchedule, long deadlineNanos) {
    enqueue(addToSchedule);
    // Wake the loop only if it sleeps towards a later deadline than this task's.
    long announced = nextWakeupNanos;
    if (announced != AWAKE && (announced == NO_DEADLINE || deadlineNanos - announced < 0)) {
      wakeupIfSleeping();
    }
  }

  @Override
  protected final void removeScheduledFromOtherThread(Runnable removeFromSchedule) {
    if (state < ST_SHUTDOWN) {
      try {
        lazyExecute(removeFromSchedule);
      } catch (RejectedExecutionException e) {
        // Terminating: the schedule is being cancelled and dropped anyway.
      }
    }
  }

  // ---- Loop-side API (call from the loop thread only) ----

  /**
   * Returns whether tasks are queued (scheduled tasks not counted).
   *
   * @return {@code true} if the queue is not empty
   */
  protected final boolean hasTasks() {
    return taskQueue.peek() != null;
  }

  /**
   * Returns the number of tasks the last {@link #runAllTasks} ran. Loop thread only.
   *
   * @return the count
   */
  protected final int tasksRunLastPass() {
    return tasksRunLastPass;
  }

  /**
   * Returns the deadline (in {@link #ticker()} time) the loop should wait towards: the earliest
   * scheduled deadline, capped while shutting down so that the quiet period is checked.
   *
   * @return the deadline, or {@link #NO_DEADLINE}
   */
  protected final long nextDeadlineNanos() {
    long deadline = nextScheduledDeadlineNanos();
    if (state >= ST_SHUTTING_DOWN) {
      long poll = ticker().nanoTime() + SHUTDOWN_POLL_NANOS;
      if (deadline == NO_DEADLINE || poll - deadline < 0) {
        deadline = poll;
      }
    }
    return deadline;
  }

  /**
   * Steps 0 to 2 of the wake-up protocol: unless work is already in sight, announces that the loop
   * is about to wait towards {@code deadlineNanos}, then re-checks for work.
   *
   * @param deadlineNanos from {@link #nextDeadlineNanos()}
   * @return {@code true} if the loop may wait (it must then call {@link #awake()} after waiting);
   *     {@code false} if work arrived and the loop is already marked awake
   */
  protected final boolean prepareToWait(long deadlineNanos) {
    assert inEventLoop();
    // Work in sight: stay AWAKE. Announcing anyway would let submitters see a sleeping loop and
    // wake it for nothing (for an I/O loop a syscall per wake-up, on both sides) whenever a task
    // arrives between the announcement and the re-check, which under a stream of tasks is often.
    if (hasWork(deadlineNanos)) {
      return false;
    }
    NEXT_WAKEUP.setVolatile(this, deadlineNanos == AWAKE ? deadlineNanos + 1 : deadlineNanos);
    if (hasWork(deadlineNanos)) {
      NEXT_WAKEUP.setOpaque(this, AWAKE);
      return false;
    }
    return true;
  }

  private boolean hasWork(long deadlineNanos) {
    // peek(), not isEmpty(): while a producer links a new chunk its index is odd and isEmpty()
    // may say empty, and that producer's final index store is only a release store, so the
    // Dekker pairing would not hold. peek() waits for the element instead.
    return taskQueue.peek() != null || (deadlineNanos != NO_DEADLINE && hasDueScheduledTask());
  }

  /** Step 3 of the wake-up protocol: the loop has stopped waiting. */
  protected final void awake() {
    NEXT_WAKEUP.setOpaque(this, AWAKE);
  }

  /**
   * Runs due scheduled tasks (in deadline order) then queued tasks, until none are left or {@code
   * budgetNanos} has passed (checked every 64 tasks).
   *
   * @param budgetNanos the time budget
   * @return how many tasks ran
   */
  @SuppressWarnings("FutureReturnValueIgnored")
  protected final int runAllTasks(long budgetNanos) {
    assert inEventLoop();
    Ticker t = ticker();
    long start = t.nanoTime();
    int n = 0;
    Runnable s;
    while ((s = pollScheduledTask(start)) != null) {
      safeExecute(s);
      if ((++n & 63) == 0 && t.nanoTime() - start >= budgetNanos) {
        return finishPass(n);
      }
    }
    Runnable task;
    while ((task = taskQueue.poll()) != null) {
      if (task == WAKEUP_TASK) {
        continue;
      }
      safeExecute(task);
      if ((++n & 63) == 0 && t.nanoTime() - start >= budgetNanos) {
        break;
      }
    }
    return finishPass(n);
  }

  private int finishPass(int n) {
    if (n > 0 && state >= ST_SHUTTING_DOWN) {
      lastExecutionNanos = ticker().nanoTime();
    }
    tasksRunLastPass = n;
    return n;
  }

  /**
   * Runs the loop: wait for work (following the wake-up protocol), run it, and return once {@link
   * #isShuttingDown()} and {@link #confirmShutdown()} says so.
   */
  protected abstract void run();

  /**
   * Makes the loop's current or next wait return. Called from other threads only, at most once per
   * announced wait; must be sticky (see the class comment).
   */
  protected abstract void wakeup();

  /** Releases the loop's resources; runs on the loop thread after the last task. */
  protected void cleanup() {}

  /**
   * Returns the loop thread, or {@code null} before it started.
   *
   * @return the thread
   */
  protected final Thread thread() {
    return thread;
  }

  /**
   * Advances a graceful shutdown: cancels scheduled tasks, runs queued ones, and decides whether
   * the quiet period or the timeout has passed. Loop thread only.
   *
   * @return {@code true} when the loop should end
   */
  protected final boolean confirmShutdown() {
    assert inEventLoop();
    if (state < ST_SHUTTING_DOWN) {
      return false;
    }
    long now = ticker().nanoTime();
    if (!shutdownStarted) {
      shutdownStarted = true;
      shutdownStartNanos = now;
      lastExecutionNanos = now;
    }
    cancelScheduledTasks();
    if (runAllTasks(Long.MAX_VALUE) > 0) {
      return state >= ST_SHUTDOWN || quietPeriodNanos == 0;
    }
    now = ticker().nanoTime();
    if (state >= ST_SHUTDOWN || now - shutdownStartNanos >= shutdownTimeoutNanos) {
      return true;
    }
    return now - lastExecutionNanos >= quietPeriodNanos;
  }

  private void startThread() {
    if (STATE.compareAndSet(this, ST_NOT_STARTED, ST_STARTED)) {
      launch();
    }
  }

  private void launch() {
    boolean started = false;
    try {
      threadFactory.newThread(this::threadMain).start();
      started = true;
    } finally {
      if (!started) {
        STATE.setVolatile(this, ST_TERMINATED);
        terminationFuture.tryFailure(new IllegalStateException("loop thread failed to start"));
      }
    }
  }

  private void threadMain() {
    thread = Thread.currentThread();
    try {
      run();
    } catch (Throwable t) {
      LOGGER.log(System.Logger.Level.ERROR, "Event loop ended abnormally", t);
    } finally {
      advanceState(ST_SHUTTING_DOWN);
      try {
        while (!confirmShutdown()) {
          java.util.concurrent.locks.LockSupport.parkNanos(this, SHUTDOWN_POLL_NANOS);
        }
        advanceState(ST_SHUTDOWN);
        confirmShutdown();
      } finally {
        try {
          cleanup();
        } finally {
          FastThreadLocal.removeAll();
          STATE.setVolatile(this, ST_TERMINATED);
          int dropped = taskQueue.size();
          if (dropped > 0) {
            LOGGER.log(
                System.Logger.Level.WARNING,
                "{0} task(s) submitted while terminating were not run",
                dropped);
          }
          terminationFuture.trySuccess(null);
        }
      }
    }
  }

  private void advanceState(int target) {
    for (; ; ) {
      int s = state;
      if (s >= target || STATE.compareAndSet(this, s, target)) {
        return;
      }
    }
  }

  @Override
  public final boolean isShuttingDown() {
    return state >= ST_SHUTTING_DOWN;
  }

  @Override
  public final boolean isShutdown() {
    return state >= ST_SHUTDOWN;
  }

  @Override
  public final boolean isTerminated() {
    return state == ST_TERMINATED;
  }

  @Override
  public final boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    return terminationFuture.await(timeout, unit);
  }

  @Override
  public final Future<?> terminationFuture() {
    return terminationFuture;
  }

  @Override
  public final Future<?> shutdownGracefully(long quietPeriod, long timeout, TimeUnit unit) {
    if (quietPeriod < 0 || timeout < quietPeriod) {
      throw new IllegalArgumentException(
          "quietPeriod: " + quietPeriod + ", timeout: " + timeout + " (expected: 0 <= q <= t)");
    }
    if (state >= ST_SHUTTING_DOWN) {
      return terminationFuture;
    }
    quietPeriodNanos = unit.toNanos(quietPeriod);
    shutdownTimeoutNanos = unit.toNanos(timeout);
    for (; ; ) {
      int s = state;
      if (s >= ST_SHUTTING_DOWN) {
        return terminationFuture;
      }
      if (STATE.compareAndSet(this, s, ST_SHUTTING_DOWN)) {
        if (s == ST_NOT_STARTED) {
          launch();
        }
        break;
      }
    }
    taskQueue.offer(WAKEUP_TASK);
    if (!inEventLoop()) {
      wakeupIfSleeping();
    }
    return terminationFuture;
  }

  private static final class NoOpTask implements Runnable {
    @Override
    public void run() {}
  }
}

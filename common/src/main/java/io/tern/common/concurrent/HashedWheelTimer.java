package io.tern.common.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.varhandle.MpscUnboundedVarHandleArrayQueue;

/**
 * A {@link Timer} for very many short, mostly cancelled timeouts (I/O and request timeouts): O(1)
 * add and cancel, at the price of tick-granular precision. A timeout fires no earlier than its
 * delay and about one tick after it.
 *
 * <h2>Threading</h2>
 *
 * <p>One worker thread (started by the first {@link #newTimeout}) advances a wheel of buckets every
 * tick; new and cancelled timeouts reach it through MPSC queues, so any thread may add or cancel
 * without locks. Tasks run on the worker thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds each task until it runs or is cancelled; it never retains or releases what a task refers
 * to.
 */
public final class HashedWheelTimer implements Timer {
  private static final int ST_INIT = 0;
  private static final int ST_STARTED = 1;
  private static final int ST_STOPPED = 2;
  private static final System.Logger LOGGER = System.getLogger(HashedWheelTimer.class.getName());
  private static final VarHandle STATE;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(HashedWheelTimer.class, "state", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final ThreadFactory threadFactory;
  private final Ticker ticker;
  private final long tickNanos;
  private final HashedWheel wheel;
  private final MpscUnboundedVarHandleArrayQueue<HashedWheel.Entry> added =
      new MpscUnboundedVarHandleArrayQueue<>(256);
  private final MpscUnboundedVarHandleArrayQueue<HashedWheel.Entry> cancelled =
      new MpscUnboundedVarHandleArrayQueue<>(256);
  private final Promise<Void> startTimeKnown =
      new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
  private final Promise<Set<Timeout>> stopped =
      new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
  private volatile int state = ST_INIT;
  private volatile long startNanos;
  private volatile Thread worker;

  /** Creates a timer with 100 ms ticks and 512 buckets on a daemon thread. */
  public HashedWheelTimer() {
    this(new DefaultThreadFactory("timer", true), 100, TimeUnit.MILLISECONDS, 512, Ticker.system());
  }

  /**
   * Creates a timer.
   *
   * @param threadFactory creates the worker thread
   * @param tickDuration the tick length
   * @param unit the unit of {@code tickDuration}
   * @param ticksPerWheel buckets in the wheel, rounded up to a power of two
   * @param ticker the clock
   */
  public HashedWheelTimer(
      ThreadFactory threadFactory,
      long tickDuration,
      TimeUnit unit,
      int ticksPerWheel,
      Ticker ticker) {
    this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    this.tickNanos = Math.max(1, unit.toNanos(tickDuration));
    if (ticksPerWheel <= 0 || ticksPerWheel > (1 << 30)) {
      throw new IllegalArgumentException("ticksPerWheel: " + ticksPerWheel);
    }
    this.wheel = new HashedWheel(ticksPerWheel, tickNanos);
  }

  @Override
  public Timeout newTimeout(TimerTask task, long delay, TimeUnit unit) {
    Objects.requireNonNull(task, "task");
    start();
    long deadline = ticker.nanoTime() + Math.max(0, unit.toNanos(delay)) - startNanos;
    HashedWheel.Entry timeout = new HashedWheel.Entry(this, task, deadline);
    // Added after stop() began, it is either reported by stop() or never runs.
    added.offer(timeout);
    return timeout;
  }

  void cancelled(HashedWheel.Entry timeout) {
    if (state == ST_STARTED) {
      cancelled.offer(timeout);
    }
  }

  @SuppressWarnings("FutureReturnValueIgnored")
  private void start() {
    int s = state;
    if (s == ST_INIT && STATE.compareAndSet(this, ST_INIT, ST_STARTED)) {
      startNanos = ticker.nanoTime();
      startTimeKnown.trySuccess(null);
      Thread t = threadFactory.newThread(this::workerMain);
      worker = t;
      t.start();
    } else if (s == ST_STOPPED) {
      throw new RejectedExecutionException("timer stopped");
    }
    startTimeKnown.awaitUninterruptibly();
  }

  @Override
  public Set<Timeout> stop() {
    if (Thread.currentThread() == worker) {
      throw new IllegalStateException("stop() from a timer task");
    }
    int s = (int) STATE.getAndSet(this, ST_STOPPED);
    if (s != ST_STARTED) {
      return Set.of();
    }
    LockSupport.unpark(worker);
    return stopped.awaitUninterruptibly().getNow();
  }

  private void workerMain() {
    long tick = 0;
    while (state == ST_STARTED) {
      long tickEnd = tickNanos * (tick + 1);
      long now = ticker.nanoTime() - startNanos;
      if (now < tickEnd) {
        LockSupport.parkNanos(this, Math.min(tickEnd - now, tickNanos));
        continue;
      }
      HashedWheel.Entry e;
      while ((e = cancelled.poll()) != null) {
        wheel.remove(e);
      }
      // Bound the transfer so a flood of additions cannot stall the tick.
      for (int i = 0; i < 100_000 && (e = added.poll()) != null; i++) {
        if (!e.isCancelled()) {
          wheel.add(e);
        }
      }
      wheel.expire(tick, tickEnd, LOGGER);
      wheel.advanceTo(++tick);
    }
    Set<Timeout> unprocessed = new HashSet<>();
    wheel.drainInto(unprocessed);
    HashedWheel.Entry e;
    while ((e = added.poll()) != null) {
      if (!e.isCancelled()) {
        unprocessed.add(e);
      }
    }
    stopped.trySuccess(unprocessed);
  }
}

package io.tern.common.concurrent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Set;

/**
 * The wheel of {@link HashedWheelTimer}: buckets of doubly linked timeouts. Worker-thread only,
 * except {@link Entry#cancel()}, which any thread may call.
 */
final class HashedWheel {
  private final Entry[] heads;
  private final Entry[] tails;
  private final int mask;
  private final long tickNanos;
  private long tick;

  HashedWheel(int ticksPerWheel, long tickNanos) {
    int n = Integer.highestOneBit(ticksPerWheel - 1) << 1;
    if (n <= 0) {
      n = 1;
    }
    heads = new Entry[n];
    tails = new Entry[n];
    mask = n - 1;
    this.tickNanos = tickNanos;
  }

  void advanceTo(long tick) {
    this.tick = tick;
  }

  void add(Entry e) {
    long calculated = e.deadlineNanos / tickNanos;
    e.remainingRounds = Math.max(0, (calculated - tick) / heads.length);
    int idx = (int) (Math.max(calculated, tick) & mask);
    e.bucket = idx;
    Entry tail = tails[idx];
    if (tail == null) {
      heads[idx] = e;
    } else {
      tail.next = e;
      e.prev = tail;
    }
    tails[idx] = e;
  }

  void remove(Entry e) {
    int idx = e.bucket;
    if (idx < 0) {
      return;
    }
    Entry next = e.next;
    if (e.prev != null) {
      e.prev.next = next;
    }
    if (next != null) {
      next.prev = e.prev;
    }
    if (heads[idx] == e) {
      heads[idx] = next;
    }
    if (tails[idx] == e) {
      tails[idx] = e.prev;
    }
    e.prev = null;
    e.next = null;
    e.bucket = -1;
  }

  void expire(long tick, long tickEndNanos, System.Logger logger) {
    int idx = (int) (tick & mask);
    Entry e = heads[idx];
    while (e != null) {
      Entry next = e.next;
      if (e.isCancelled()) {
        remove(e);
      } else if (e.remainingRounds <= 0 && e.deadlineNanos < tickEndNanos) {
        remove(e);
        e.expire(logger);
      } else {
        e.remainingRounds--;
      }
      e = next;
    }
  }

  void drainInto(Set<Timeout> out) {
    for (int i = 0; i < heads.length; i++) {
      for (Entry e = heads[i]; e != null; e = e.next) {
        if (!e.isCancelled() && !e.isExpired()) {
          out.add(e);
        }
      }
      heads[i] = null;
      tails[i] = null;
    }
  }

  static final class Entry implements Timeout {
    private static final int INIT = 0;
    private static final int CANCELLED = 1;
    private static final int EXPIRED = 2;
    private static final VarHandle STATE;

    static {
      try {
        STATE = MethodHandles.lookup().findVarHandle(Entry.class, "state", int.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    private final HashedWheelTimer timer;
    private final TimerTask task;
    final long deadlineNanos;
    long remainingRounds;
    int bucket = -1;
    Entry next;
    Entry prev;
    private volatile int state;

    Entry(HashedWheelTimer timer, TimerTask task, long deadlineNanos) {
      this.timer = timer;
      this.task = task;
      this.deadlineNanos = deadlineNanos;
    }

    @Override
    public Timer timer() {
      return timer;
    }

    @Override
    public TimerTask task() {
      return task;
    }

    @Override
    public boolean isExpired() {
      return state == EXPIRED;
    }

    @Override
    public boolean isCancelled() {
      return state == CANCELLED;
    }

    @Override
    public boolean cancel() {
      if (!STATE.compareAndSet(this, INIT, CANCELLED)) {
        return false;
      }
      timer.cancelled(this);
      return true;
    }

    void expire(System.Logger logger) {
      if (!STATE.compareAndSet(this, INIT, EXPIRED)) {
        return;
      }
      try {
        task.run(this);
      } catch (Throwable t) {
        logger.log(System.Logger.Level.WARNING, "A timer task raised an exception", t);
      }
    }
  }
}

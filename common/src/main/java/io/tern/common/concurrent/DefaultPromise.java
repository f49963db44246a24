package io.tern.common.concurrent;

import io.tern.common.SystemProperties;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The standard {@link Promise}: lock-free completion; listeners run in the order they were added,
 * one notifier at a time (a single listener goes in and out by CAS, more use the promise's
 * monitor).
 *
 * <p>Listeners run on the executor given at construction. When completion happens on that
 * executor's thread, listeners run at once, unless this thread is already more than {@code
 * io.tern.common.maxListenerStackDepth} (default 8) notifications deep; then they are handed to the
 * executor as a task, so chains of immediately completed futures cannot overflow the stack.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may complete, await or add listeners. Subclasses may add state (channel promises
 * do) but must keep the completion methods' contracts.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds its result and listeners; it never retains or releases a reference-counted result, which
 * belongs to whoever the operation's contract names.
 *
 * @param <V> the result type
 */
@SuppressWarnings("FutureReturnValueIgnored") // returns this; callers ignore it by design
public class DefaultPromise<V> implements Promise<V> {
  private static final System.Logger LOGGER = System.getLogger(DefaultPromise.class.getName());
  static final int MAX_LISTENER_STACK_DEPTH =
      Math.max(1, SystemProperties.getInt("io.tern.common.maxListenerStackDepth", 8));
  // Loop threads keep the depth in a field of their own (FastThreadLocalThread.listenerDepth);
  // other threads (e.g. callers of the immediate executor) in this ThreadLocal.
  private static final ThreadLocal<int[]> LISTENER_DEPTH =
      ThreadLocal.withInitial(() -> new int[1]);

  private static final Object SUCCESS = new Object();
  private static final Object UNCANCELLABLE = new Object();
  private static final Object NOTIFYING = new Object();
  private static final VarHandle RESULT;
  private static final VarHandle WAITERS;
  private static final VarHandle LISTENERS;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      RESULT = lookup.findVarHandle(DefaultPromise.class, "result", Object.class);
      WAITERS = lookup.findVarHandle(DefaultPromise.class, "waiters", int.class);
      LISTENERS = lookup.findVarHandle(DefaultPromise.class, "listeners", Object.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final EventExecutor executor;

  // null (incomplete), UNCANCELLABLE, SUCCESS (null result), a Failure, or the result.
  private volatile Object result;

  // null (none), one FutureListener, a Listeners list, or NOTIFYING. A thread is notifying exactly
  // while the field holds NOTIFYING or a list marked duringNotification (listeners added
  // meanwhile);
  // a bare listener or an unmarked list means nobody is. The bare states change only by CAS, so
  // one listener goes in and out without the lock (the common case); lists are created, grown and
  // taken only under the promise's lock (a lock-free CAS never expects a list, so a list read under
  // the lock stays put). Volatile so that a completing thread can skip all this when nobody
  // listens (it pairs with the volatile result: either the adder sees the result or the completer
  // sees the listener).
  private volatile Object listeners;
  private volatile int waiters;

  /**
   * Creates an incomplete promise.
   *
   * @param executor the executor that runs the listeners
   */
  public DefaultPromise(EventExecutor executor) {
    this.executor = Objects.requireNonNull(executor, "executor");
  }

  @Override
  public EventExecutor executor() {
    return executor;
  }

  @Override
  public Promise<V> setSuccess(V value) {
    if (!complete(value == null ? SUCCESS : value)) {
      throw new IllegalStateException("complete already: " + this);
    }
    return this;
  }

  @Override
  public boolean trySuccess(V value) {
    return complete(value == null ? SUCCESS : value);
  }

  @Override
  public Promise<V> setFailure(Throwable cause) {
    if (!complete(new Failure(Objects.requireNonNull(cause, "cause")))) {
      throw new IllegalStateException("complete already: " + this, cause);
    }
    return this;
  }

  @Override
  public boolean tryFailure(Throwable cause) {
    return complete(new Failure(Objects.requireNonNull(cause, "cause")));
  }

  @Override
  public boolean setUncancellable() {
    if (RESULT.compareAndSet(this, null, UNCANCELLABLE)) {
      return true;
    }
    Object r = result;
    return !(r instanceof Failure f && f.cause instanceof CancellationException);
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return RESULT.compareAndSet(this, null, Failure.CANCELLED) && afterCompletion();
  }

  @Override
  public boolean isCancelled() {
    return result instanceof Failure f && f.cause instanceof CancellationException;
  }

  @Override
  public boolean isCancellable() {
    return result == null;
  }

  @Override
  public boolean isDone() {
    Object r = result;
    return r != null && r != UNCANCELLABLE;
  }

  @Override
  public boolean isSuccess() {
    Object r = result;
    return r != null && r != UNCANCELLABLE && !(r instanceof Failure);
  }

  @Override
  public Throwable cause() {
    return result instanceof Failure f ? f.cause : null;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V getNow() {
    Object r = result;
    if (r == null || r == SUCCESS || r == UNCANCELLABLE || r instanceof Failure) {
      return null;
    }
    return (V) r;
  }

  @Override
  public V get() throws InterruptedException, ExecutionException {
    await();
    return report();
  }

  @Override
  public V get(long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    if (!await(timeout, unit)) {
      throw new TimeoutException();
    }
    return report();
  }

  private V report() throws ExecutionException {
    Throwable cause = cause();
    if (cause == null) {
      return getNow();
    }
    if (cause instanceof CancellationException c) {
      throw c;
    }
    throw new ExecutionException(cause);
  }

  /** Completes the state transition; only the winner of the result CAS gets here. */
  private boolean complete(Object value) {
    if (RESULT.compareAndSet(this, null, value)
        || RESULT.compareAndSet(this, UNCANCELLABLE, value)) {
      return afterCompletion();
    }
    return false;
  }

  private boolean afterCompletion() {
    if (waiters > 0) {
      synchronized (this) {
        notifyAll();
      }
    }
    if (listeners != null) {
      notifyListeners();
    }
    return true;
  }

  @Override
  public Promise<V> addListener(FutureListener<? super V> listener) {
    Objects.requireNonNull(listener, "listener");
    if (!LISTENERS.compareAndSet(this, null, listener)) {
      synchronized (this) {
        addLocked(listener);
      }
    }
    if (isDone()) {
      notifyListeners();
    }
    return this;
  }

  // Holds the lock. The bare states may still change by a lock-free CAS, hence the loop.
  private void addLocked(FutureListener<?> listener) {
    for (; ; ) {
      Object current = listeners;
      Object next;
      if (current instanceof Listeners list) {
        list.add(listener);
        return;
      } else if (current == null) {
        next = listener;
      } else if (current == NOTIFYING) {
        next = new Listeners(listener);
      } else {
        next = new Listeners((FutureListener<?>) current, listener);
      }
      if (LISTENERS.compareAndSet(this, current, next)) {
        return;
      }
    }
  }

  private void notifyListeners() {
    EventExecutor ex = executor;
    if (ex.inEventLoop()) {
      int[] depth =
          Thread.currentThread() instanceof FastThreadLocalThread loop
              ? loop.listenerDepth
              : LISTENER_DEPTH.get();
      if (depth[0] < MAX_LISTENER_STACK_DEPTH) {
        depth[0]++;
        try {
          notifyListenersNow();
        } finally {
          depth[0]--;
        }
        return;
      }
    }
    try {
      ex.execute(this::notifyListenersNow);
    } catch (RuntimeException e) {
      LOGGER.log(System.Logger.Level.ERROR, "Failed to hand listener notification to " + ex, e);
    }
  }

  private void notifyListenersNow() {
    for (Object batch = claimListeners(); batch != null; batch = lateListeners()) {
      if (batch instanceof Listeners list) {
        for (int i = 0; i < list.size; i++) {
          notifyListener(list.items[i]);
        }
      } else {
        notifyListener((FutureListener<?>) batch);
      }
    }
  }

  /**
   * Takes the pending listeners and makes this thread the notifier; {@code null} if there are none
   * or another thread is notifying (it will run them, after the ones it is running).
   */
  private Object claimListeners() {
    for (; ; ) {
      Object current = listeners;
      if (current instanceof FutureListener<?>) {
        if (LISTENERS.compareAndSet(this, current, NOTIFYING)) {
          return current;
        }
      } else if (current instanceof Listeners) {
        synchronized (this) {
          if (listeners instanceof Listeners list) {
            if (list.duringNotification) {
              return null;
            }
            listeners = NOTIFYING;
            return list;
          }
        }
      } else {
        return null; // none, or NOTIFYING: another thread is notifying
      }
    }
  }

  /** Ends this thread's notification, or takes the listeners added while it ran. */
  private Object lateListeners() {
    if (LISTENERS.compareAndSet(this, NOTIFYING, null)) {
      return null;
    }
    synchronized (this) {
      // While we notify, only adders change NOTIFYING, and only into a marked list.
      Object late = listeners;
      assert late instanceof Listeners list && list.duringNotification : late;
      listeners = NOTIFYING;
      return late;
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private void notifyListener(FutureListener<?> listener) {
    try {
      ((FutureListener) listener).operationComplete(this);
    } catch (Throwable t) {
      LOGGER.log(
          System.Logger.Level.WARNING,
          "Listener " + listener + " threw; continuing with others",
          t);
    }
  }

  @Override
  public Promise<V> await() throws InterruptedException {
    if (isDone()) {
      return this;
    }
    if (Thread.interrupted()) {
      throw new InterruptedException(toString());
    }
    checkDeadLock();
    synchronized (this) {
      // Count ourselves before checking: the completer reads waiters after setting the result.
      WAITERS.getAndAdd(this, 1);
      try {
        while (!isDone()) {
          wait();
        }
      } finally {
        WAITERS.getAndAdd(this, -1);
      }
    }
    return this;
  }

  @Override
  public Promise<V> awaitUninterruptibly() {
    boolean interrupted = false;
    for (; ; ) {
      try {
        await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return this;
  }

  @Override
  public boolean await(long timeout, TimeUnit unit) throws InterruptedException {
    if (isDone()) {
      return true;
    }
    long timeoutNanos = unit.toNanos(timeout);
    if (timeoutNanos <= 0) {
      return isDone();
    }
    if (Thread.interrupted()) {
      throw new InterruptedException(toString());
    }
    checkDeadLock();
    long deadline = System.nanoTime() + timeoutNanos;
    synchronized (this) {
      WAITERS.getAndAdd(this, 1);
      try {
        while (!isDone()) {
          long remaining = deadline - System.nanoTime();
          if (remaining <= 0) {
            return false;
          }
          TimeUnit.NANOSECONDS.timedWait(this, remaining);
        }
      } finally {
        WAITERS.getAndAdd(this, -1);
      }
    }
    return true;
  }

  @Override
  public Promise<V> sync() throws InterruptedException {
    await();
    rethrowIfFailed();
    return this;
  }

  @Override
  public Promise<V> syncUninterruptibly() {
    awaitUninterruptibly();
    rethrowIfFailed();
    return this;
  }

  private void rethrowIfFailed() {
    Throwable cause = cause();
    if (cause == null) {
      return;
    }
    if (cause instanceof RuntimeException r) {
      throw r;
    }
    if (cause instanceof Error e) {
      throw e;
    }
    throw new CompletionException(cause);
  }

  /**
   * Throws if the caller is the notifying executor's thread, which would wait forever.
   *
   * @throws BlockingOperationException if awaiting would deadlock
   */
  protected void checkDeadLock() {
    EventExecutor ex = executor;
    if (!(ex instanceof ImmediateEventExecutor) && ex.inEventLoop()) {
      throw new BlockingOperationException(toString());
    }
  }

  @Override
  public String toString() {
    Object r = result;
    String state;
    if (r == null || r == UNCANCELLABLE) {
      state = "incomplete";
    } else if (r instanceof Failure f) {
      state = "failure(" + f.cause + ")";
    } else {
      state = "success(" + (r == SUCCESS ? null : r) + ")";
    }
    return getClass().getSimpleName() + "@" + Integer.toHexString(hashCode()) + "(" + state + ")";
  }

  private static final class Failure {
    static final Failure CANCELLED = new Failure(new StacklessCancellation());
    final Throwable cause;

    Failure(Throwable cause) {
      this.cause = cause;
    }
  }

  private static final class StacklessCancellation extends CancellationException {
    private static final long serialVersionUID = 1L;

    StacklessCancellation() {
      super("cancelled");
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }

  private static final class Listeners {
    // Added while a notifier ran: that notifier runs these after its current batch.
    final boolean duringNotification;
    FutureListener<?>[] items;
    int size;

    Listeners(FutureListener<?> first, FutureListener<?> second) {
      duringNotification = false;
      items = new FutureListener<?>[] {first, second, null, null};
      size = 2;
    }

    /** A list of listeners added while a notifier runs. */
    Listeners(FutureListener<?> first) {
      duringNotification = true;
      items = new FutureListener<?>[] {first, null, null, null};
      size = 1;
    }

    void add(FutureListener<?> l) {
      if (size == items.length) {
        items = Arrays.copyOf(items, size << 1);
      }
      items[size++] = l;
    }
  }
}

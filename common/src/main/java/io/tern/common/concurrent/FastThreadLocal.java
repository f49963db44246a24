package io.tern.common.concurrent;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A thread-local variable that is an indexed array slot on a {@link FastThreadLocalThread} and
 * falls back to one {@link ThreadLocal} holding a slot array on any other thread, virtual threads
 * included.
 *
 * <p>Each instance takes a global index for the life of the JVM, so create them as constants, not
 * per object.
 *
 * <h2>Threading</h2>
 *
 * <p>Values are per thread; any thread may use an instance and sees only its own value.
 *
 * <h2>Ownership</h2>
 *
 * <p>A value belongs to its thread until removed; {@link #removeAll()} clears the calling thread's
 * values (loop threads do it when they end), and {@link #onRemoval} is the place to release a value
 * that needs it.
 *
 * @param <V> the value type
 */
public class FastThreadLocal<V> {
  private static final Object NULL = new Object();
  private static final AtomicInteger NEXT_INDEX = new AtomicInteger();
  private static final ThreadLocal<Object[]> FALLBACK = new ThreadLocal<>();
  private static final Object REGISTRY_LOCK = new Object();
  private static volatile FastThreadLocal<?>[] registry = new FastThreadLocal<?>[32];

  private final int index;

  /** Creates a variable with a new global index. */
  public FastThreadLocal() {
    index = NEXT_INDEX.getAndIncrement();
    register(this);
  }

  private static void register(FastThreadLocal<?> local) {
    synchronized (REGISTRY_LOCK) {
      FastThreadLocal<?>[] r = registry;
      int i = local.index;
      r = i >= r.length ? Arrays.copyOf(r, Math.max(r.length * 2, i + 1)) : r.clone();
      r[i] = local;
      registry = r;
    }
  }

  /**
   * Returns the calling thread's value, computing it with {@link #initialValue()} on first use.
   *
   * @return the value
   */
  @SuppressWarnings("unchecked")
  public final V get() {
    Object[] slots = slotsOf(Thread.currentThread());
    int i = index;
    if (slots != null && i < slots.length) {
      Object v = slots[i];
      if (v != null) {
        return v == NULL ? null : (V) v;
      }
    }
    V initial = initialValue();
    set(initial);
    return initial;
  }

  /**
   * Returns the calling thread's value without computing an initial one.
   *
   * @return the value, or {@code null} if unset
   */
  @SuppressWarnings("unchecked")
  public final V getIfExists() {
    Object[] slots = slotsOf(Thread.currentThread());
    int i = index;
    if (slots != null && i < slots.length) {
      Object v = slots[i];
      return v == NULL ? null : (V) v;
    }
    return null;
  }

  /**
   * Returns whether the calling thread has a value.
   *
   * @return {@code true} if set
   */
  public final boolean isSet() {
    Object[] slots = slotsOf(Thread.currentThread());
    return slots != null && index < slots.length && slots[index] != null;
  }

  /**
   * Sets the calling thread's value.
   *
   * @param value the value, possibly {@code null}
   */
  public final void set(V value) {
    Thread t = Thread.currentThread();
    Object[] slots = slotsOf(t);
    if (slots == null || index >= slots.length) {
      slots = grow(t, slots);
    }
    slots[index] = value == null ? NULL : value;
  }

  /** Removes the calling thread's value, running {@link #onRemoval} if one was set. */
  public final void remove() {
    Object[] slots = slotsOf(Thread.currentThread());
    if (slots != null && index < slots.length) {
      Object v = slots[index];
      slots[index] = null;
      if (v != null) {
        callOnRemoval(this, v);
      }
    }
  }

  /**
   * Computes the value for a thread that has none. Runs on that thread.
   *
   * @return the initial value; {@code null} by default
   */
  protected V initialValue() {
    return null;
  }

  /**
   * Called on the owning thread when its value is removed by {@link #remove()} or {@link
   * #removeAll()}; releases what the value holds.
   *
   * @param value the removed value
   * @throws Exception logged by nobody; it is propagated to the caller of remove
   */
  protected void onRemoval(V value) throws Exception {}

  /** Removes every fast thread-local value of the calling thread, running their removal hooks. */
  public static void removeAll() {
    Thread t = Thread.currentThread();
    Object[] slots = slotsOf(t);
    if (slots == null) {
      return;
    }
    if (t instanceof FastThreadLocalThread f) {
      f.slots = null;
    } else {
      FALLBACK.remove();
    }
    FastThreadLocal<?>[] r = registry;
    for (int i = 0; i < slots.length; i++) {
      Object v = slots[i];
      if (v != null && i < r.length && r[i] != null) {
        callOnRemoval(r[i], v);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> void callOnRemoval(FastThreadLocal<T> local, Object v) {
    try {
      local.onRemoval(v == NULL ? null : (T) v);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("onRemoval failed", e);
    }
  }

  private static Object[] slotsOf(Thread t) {
    return t instanceof FastThreadLocalThread f ? f.slots : FALLBACK.get();
  }

  private Object[] grow(Thread t, Object[] old) {
    int size = Math.max(16, Integer.highestOneBit(index) << 1);
    Object[] slots = old == null ? new Object[size] : Arrays.copyOf(old, size);
    if (t instanceof FastThreadLocalThread f) {
      f.slots = slots;
    } else {
      FALLBACK.set(slots);
    }
    return slots;
  }

  @Override
  public String toString() {
    return "FastThreadLocal#" + index + "@" + Objects.hashCode(this);
  }
}

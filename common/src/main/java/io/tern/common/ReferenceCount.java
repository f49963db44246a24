package io.tern.common;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The count behind a {@link ReferenceCounted} object that is not a buffer (file regions, HTTP
 * data): starts at 1, checked increments and decrements by compare-and-set, so objects share one
 * implementation of the rules instead of each writing the loop again.
 *
 * <h2>Threading</h2>
 *
 * <p>Thread-safe: any thread may call any method.
 *
 * <h2>Ownership</h2>
 *
 * <p>The count belongs to the object that embeds it; that object frees its resources when a release
 * brings the count to zero.
 */
public final class ReferenceCount {
  private static final VarHandle VALUE;

  static {
    try {
      VALUE = MethodHandles.lookup().findVarHandle(ReferenceCount.class, "value", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @SuppressWarnings("FieldMayBeFinal") // changed through VALUE
  private volatile int value = 1;

  /** Creates a count of 1. */
  public ReferenceCount() {}

  /**
   * Returns the current count.
   *
   * @return the count; 0 once released
   */
  public int get() {
    return value;
  }

  /**
   * Adds {@code increment} references.
   *
   * @param increment how many, at least 1
   * @throws IllegalArgumentException if {@code increment <= 0}
   * @throws IllegalReferenceCountException if the count is 0 or would overflow
   */
  public void retain(int increment) {
    if (increment <= 0) {
      throw new IllegalArgumentException("increment: " + increment + " (expected: > 0)");
    }
    int current;
    do {
      current = value;
      if (current == 0 || current + increment < current) {
        throw new IllegalReferenceCountException(current, increment);
      }
    } while (!VALUE.compareAndSet(this, current, current + increment));
  }

  /**
   * Removes {@code decrement} references.
   *
   * @param decrement how many, at least 1
   * @return {@code true} if this call took the count to 0: the caller frees the object
   * @throws IllegalArgumentException if {@code decrement <= 0}
   * @throws IllegalReferenceCountException if fewer than {@code decrement} references are left
   */
  public boolean release(int decrement) {
    if (decrement <= 0) {
      throw new IllegalArgumentException("decrement: " + decrement + " (expected: > 0)");
    }
    int current;
    do {
      current = value;
      if (current < decrement) {
        throw new IllegalReferenceCountException(current, -decrement);
      }
    } while (!VALUE.compareAndSet(this, current, current - decrement));
    return current == decrement;
  }
}

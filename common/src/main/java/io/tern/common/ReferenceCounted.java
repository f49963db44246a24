package io.tern.common;

/**
 * An object whose resources are freed deterministically when its reference count drops to zero.
 *
 * <p>A new object starts with a count of 1. {@link #retain()} adds a reference, {@link #release()}
 * removes one; the call that brings the count to zero frees the object, and any later use throws
 * {@link IllegalReferenceCountException}.
 *
 * <h2>Threading</h2>
 *
 * <p>{@code retain}, {@code release} and {@code refCnt} may be called from any thread concurrently;
 * the count is updated atomically and the object is freed exactly once.
 *
 * <h2>Ownership</h2>
 *
 * <p>Whoever holds the last reference releases it: a handler that consumes a message releases it,
 * one that passes it on does not.
 */
public interface ReferenceCounted {
  /**
   * Returns the current reference count; {@code 0} means the object has been freed.
   *
   * @return the reference count
   */
  int refCnt();

  /**
   * Adds one reference.
   *
   * @return this object
   * @throws IllegalReferenceCountException if the object was already freed or the count would
   *     overflow
   */
  ReferenceCounted retain();

  /**
   * Adds {@code increment} references.
   *
   * @param increment the number of references to add, positive
   * @return this object
   * @throws IllegalReferenceCountException if the object was already freed or the count would
   *     overflow
   * @throws IllegalArgumentException if {@code increment} is not positive
   */
  ReferenceCounted retain(int increment);

  /**
   * Records the current access point for leak reports (no effect unless the object is tracked).
   *
   * @return this object
   */
  ReferenceCounted touch();

  /**
   * Records the current access point with a hint for leak reports.
   *
   * @param hint extra information shown in a leak report, may be {@code null}
   * @return this object
   */
  ReferenceCounted touch(Object hint);

  /**
   * Removes one reference and frees the object when the count reaches zero.
   *
   * @return {@code true} if this call freed the object
   * @throws IllegalReferenceCountException if the object was already freed
   */
  boolean release();

  /**
   * Removes {@code decrement} references and frees the object when the count reaches zero.
   *
   * @param decrement the number of references to remove, positive
   * @return {@code true} if this call freed the object
   * @throws IllegalReferenceCountException if the count is lower than {@code decrement}
   * @throws IllegalArgumentException if {@code decrement} is not positive
   */
  boolean release(int decrement);
}

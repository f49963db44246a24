package io.tern.common.concurrent;

import com.google.errorprone.annotations.CanIgnoreReturnValue;

/**
 * A {@link Future} whose producer completes it.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may complete a promise; only the first completion (success, failure or
 * cancellation) wins. Completion notifies listeners on {@link #executor()}.
 *
 * <h2>Ownership</h2>
 *
 * <p>A promise never retains or releases a reference-counted result; a producer whose completion
 * loses must dispose of its result itself.
 *
 * @param <V> the result type
 */
public interface Promise<V> extends Future<V> {

  /**
   * Completes successfully.
   *
   * @param result the result
   * @return this promise
   * @throws IllegalStateException if already complete
   */
  @CanIgnoreReturnValue
  Promise<V> setSuccess(V result);

  /**
   * Completes successfully unless already complete.
   *
   * @param result the result
   * @return whether this call completed the promise
   */
  @CanIgnoreReturnValue
  boolean trySuccess(V result);

  /**
   * Completes with a failure.
   *
   * @param cause the failure
   * @return this promise
   * @throws IllegalStateException if already complete
   */
  @CanIgnoreReturnValue
  Promise<V> setFailure(Throwable cause);

  /**
   * Completes with a failure unless already complete.
   *
   * @param cause the failure
   * @return whether this call completed the promise
   */
  @CanIgnoreReturnValue
  boolean tryFailure(Throwable cause);

  /**
   * Makes the promise impossible to cancel.
   *
   * @return {@code true} if it is now uncancellable and incomplete, or completed without being
   *     cancelled; {@code false} if it was already cancelled
   */
  @CanIgnoreReturnValue
  boolean setUncancellable();

  @Override
  @CanIgnoreReturnValue
  Promise<V> addListener(FutureListener<? super V> listener);

  @Override
  @CanIgnoreReturnValue
  Promise<V> sync() throws InterruptedException;

  @Override
  @CanIgnoreReturnValue
  Promise<V> syncUninterruptibly();

  @Override
  @CanIgnoreReturnValue
  Promise<V> await() throws InterruptedException;

  @Override
  @CanIgnoreReturnValue
  Promise<V> awaitUninterruptibly();
}

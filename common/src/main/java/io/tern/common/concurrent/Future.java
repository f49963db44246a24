package io.tern.common.concurrent;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The result of an asynchronous operation, with listeners.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may query, await or add listeners. Listeners run on {@link #executor()} in the
 * order they were added, also when added after completion. Awaiting from the executor's own thread
 * while the future is incomplete throws {@link BlockingOperationException}: it would deadlock.
 *
 * <h2>Ownership</h2>
 *
 * <p>A future never retains or releases a reference-counted result; who owns it is part of the
 * operation's contract.
 *
 * @param <V> the result type
 */
public interface Future<V> extends java.util.concurrent.Future<V> {

  /**
   * Returns whether the operation completed successfully.
   *
   * @return {@code true} if done and neither failed nor cancelled
   */
  boolean isSuccess();

  /**
   * Returns whether {@link #cancel(boolean)} can still succeed.
   *
   * @return {@code true} if the future is incomplete and not marked uncancellable
   */
  boolean isCancellable();

  /**
   * Returns why the operation failed.
   *
   * @return the failure cause (a {@link java.util.concurrent.CancellationException} when
   *     cancelled), or {@code null} if incomplete or successful
   */
  Throwable cause();

  /**
   * Adds a listener, notified on {@link #executor()} once this future completes (soon, if it
   * already has).
   *
   * @param listener the listener
   * @return this future
   */
  @CanIgnoreReturnValue
  Future<V> addListener(FutureListener<? super V> listener);

  /**
   * Waits for completion and rethrows the failure cause.
   *
   * @return this future
   * @throws InterruptedException if the waiting thread is interrupted
   * @throws java.util.concurrent.CompletionException wrapping a checked failure cause; unchecked
   *     causes are rethrown as they are
   */
  @CanIgnoreReturnValue
  Future<V> sync() throws InterruptedException;

  /**
   * Like {@link #sync()} but keeps waiting through interrupts, restoring the interrupt flag.
   *
   * @return this future
   */
  @CanIgnoreReturnValue
  Future<V> syncUninterruptibly();

  /**
   * Waits for completion.
   *
   * @return this future
   * @throws InterruptedException if the waiting thread is interrupted
   */
  @CanIgnoreReturnValue
  Future<V> await() throws InterruptedException;

  /**
   * Waits for completion, keeping on through interrupts and restoring the interrupt flag.
   *
   * @return this future
   */
  @CanIgnoreReturnValue
  Future<V> awaitUninterruptibly();

  /**
   * Waits for completion at most {@code timeout}.
   *
   * @param timeout how long to wait
   * @param unit the unit of {@code timeout}
   * @return whether the future completed in time
   * @throws InterruptedException if the waiting thread is interrupted
   */
  @CanIgnoreReturnValue
  boolean await(long timeout, TimeUnit unit) throws InterruptedException;

  /**
   * Returns the result without waiting.
   *
   * @return the result, or {@code null} if incomplete, failed, or completed with {@code null}
   */
  V getNow();

  /**
   * Returns the executor that runs this future's listeners.
   *
   * @return the notifying executor
   */
  EventExecutor executor();

  /**
   * Returns a {@link CompletableFuture} completed like this one. Cancelling the returned future
   * cancels this one.
   *
   * @return a new completable future tracking this one
   */
  @SuppressWarnings("FutureReturnValueIgnored")
  default CompletableFuture<V> toCompletableFuture() {
    CompletableFuture<V> stage =
        new CompletableFuture<>() {
          @Override
          public boolean cancel(boolean mayInterruptIfRunning) {
            Future.this.cancel(mayInterruptIfRunning);
            return super.cancel(mayInterruptIfRunning);
          }
        };
    addListener(
        f -> {
          if (f.isSuccess()) {
            stage.complete(f.getNow());
          } else if (f.isCancelled()) {
            stage.cancel(false);
          } else {
            stage.completeExceptionally(f.cause());
          }
        });
    return stage;
  }
}

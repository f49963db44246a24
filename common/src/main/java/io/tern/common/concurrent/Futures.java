package io.tern.common.concurrent;

import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * Conversions between {@link Future} and the JDK's {@link CompletionStage}.
 *
 * <h2>Threading</h2>
 *
 * <p>Stateless; any thread may call it. A returned future notifies its listeners on the executor
 * given.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; a result passes through unchanged, neither retained nor
 * released.
 */
public final class Futures {
  private Futures() {}

  /**
   * Returns a future completed like {@code stage}, notifying on {@code executor}. Cancelling the
   * returned future does not cancel the stage.
   *
   * @param <V> the result type
   * @param stage the stage to follow
   * @param executor the executor that runs the returned future's listeners
   * @return a future tracking the stage
   */
  public static <V> Future<V> fromCompletionStage(
      CompletionStage<? extends V> stage, EventExecutor executor) {
    Objects.requireNonNull(stage, "stage");
    Promise<V> promise = executor.newPromise();
    stage.whenComplete(
        (value, error) -> {
          if (error == null) {
            promise.trySuccess(value);
          } else {
            Throwable cause =
                error instanceof CompletionException && error.getCause() != null
                    ? error.getCause()
                    : error;
            if (cause instanceof CancellationException) {
              promise.cancel(false);
            } else {
              promise.tryFailure(cause);
            }
          }
        });
    return promise;
  }

  /**
   * Completes {@code promise} like {@code future} once it completes.
   *
   * @param <V> the result type
   * @param future the source
   * @param promise the target
   */
  @SuppressWarnings("FutureReturnValueIgnored")
  public static <V> void cascade(Future<? extends V> future, Promise<? super V> promise) {
    future.addListener(
        f -> {
          if (f.isSuccess()) {
            promise.trySuccess(f.getNow());
          } else if (f.isCancelled()) {
            promise.cancel(false);
          } else {
            promise.tryFailure(f.cause());
          }
        });
  }
}

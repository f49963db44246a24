package io.tern.common.concurrent;

import java.util.EventListener;

/**
 * Called once when a {@link Future} completes.
 *
 * <h2>Threading</h2>
 *
 * <p>Listeners run on the future's {@linkplain Future#executor() executor} thread, in the order
 * they were added. An exception thrown by a listener is logged and does not stop the listeners
 * after it.
 *
 * <h2>Ownership</h2>
 *
 * <p>A listener may read the future's result; it owns a reference-counted result only if the
 * operation's contract says so.
 *
 * @param <V> the result type of the future
 */
@FunctionalInterface
public interface FutureListener<V> extends EventListener {
  /**
   * Invoked when the operation behind {@code future} has completed.
   *
   * @param future the completed future
   * @throws Exception logged by the caller; the remaining listeners still run
   */
  void operationComplete(Future<V> future) throws Exception;
}

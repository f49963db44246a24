package io.tern.common.concurrent;

/**
 * The result of a task scheduled on an {@link EventExecutor}.
 *
 * <h2>Threading</h2>
 *
 * <p>Cancelling it from any thread removes it from its executor's schedule in O(log n).
 *
 * <h2>Ownership</h2>
 *
 * <p>See {@link Future}: the result is neither retained nor released.
 *
 * @param <V> the result type
 */
public interface ScheduledFuture<V> extends Future<V>, java.util.concurrent.ScheduledFuture<V> {}

package io.tern.common.concurrent;

/**
 * The result of a task scheduled on an {@link EventExecutor}. Cancelling it from any thread removes
 * it from its executor's schedule in O(log n).
 *
 * @param <V> the result type
 */
public interface ScheduledFuture<V> extends Future<V>, java.util.concurrent.ScheduledFuture<V> {}

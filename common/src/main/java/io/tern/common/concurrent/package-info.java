/**
 * Futures and promises, event executors and their groups, scheduling on a controllable clock, a
 * hashed wheel timer, fast thread-locals and a virtual-thread offload group.
 *
 * <p>Threading: an {@link io.tern.common.concurrent.EventExecutor} runs its tasks on one thread;
 * anything it owns is touched only from {@link
 * io.tern.common.concurrent.EventExecutor#inEventLoop() that thread}. Futures' listeners run on
 * their executor in the order they were added.
 */
package io.tern.common.concurrent;

package io.tern.transport;

import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Future;

/**
 * One thread that alternates between its {@link IoHandler} (wait for I/O or the next deadline, then
 * process what is ready) and its tasks. A channel is bound to one loop for life: all its handler
 * calls run on this thread, and other threads hand work over as tasks. Moving a handle to another
 * loop is not supported.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may submit tasks and register handles; handles and the channels bound to the loop
 * are used on its thread only.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; a task handed over is run once and then dropped.
 */
public interface EventLoop extends EventExecutor, EventLoopGroup {
  @Override
  EventLoop next();

  @Override
  EventLoopGroup parent();

  /**
   * Registers {@code handle} with this loop's I/O handler, on the loop thread.
   *
   * @param handle the handle; see {@link #isCompatible}
   * @return completed with the registration, or failed if the handler refused it
   */
  @Override
  Future<IoRegistration> register(IoHandle handle);

  /**
   * Returns whether this loop's handler accepts handles of {@code handleType}.
   *
   * @param handleType the handle's class
   * @return {@code true} if {@link #register} can succeed
   */
  boolean isCompatible(Class<? extends IoHandle> handleType);

  /**
   * Returns this loop's counters.
   *
   * @return the metrics view
   */
  EventLoopMetrics metrics();
}

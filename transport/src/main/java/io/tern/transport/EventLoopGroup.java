package io.tern.transport;

import io.tern.common.concurrent.EventExecutorGroup;
import io.tern.common.concurrent.Future;

/**
 * A group of {@link EventLoop}s; {@link #next()} picks the loop for a new channel.
 *
 * <h2>Threading</h2>
 *
 * <p>Any thread may use a group.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public interface EventLoopGroup extends EventExecutorGroup {
  @Override
  EventLoop next();

  /**
   * Registers {@code handle} with {@link #next()}.
   *
   * @param handle the handle
   * @return completed with the registration on the chosen loop's thread
   */
  default Future<IoRegistration> register(IoHandle handle) {
    return next().register(handle);
  }
}

package io.tern.transport;

/**
 * Creates one {@link IoHandler} per event loop.
 *
 * <h2>Threading</h2>
 *
 * <p>Called on the thread building the group, once per loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>The created handler belongs to its loop, which destroys it at shutdown.
 */
@FunctionalInterface
public interface IoHandlerFactory {
  /**
   * Creates the handler for {@code loop}.
   *
   * @param loop the loop that will run the handler (its thread may not have started)
   * @return a new handler
   */
  IoHandler newHandler(EventLoop loop);
}

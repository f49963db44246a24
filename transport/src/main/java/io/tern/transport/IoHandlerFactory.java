package io.tern.transport;

/** Creates one {@link IoHandler} per event loop. Called on the thread building the group. */
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

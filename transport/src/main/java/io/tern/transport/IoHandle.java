package io.tern.transport;

/**
 * Something registered with an {@link IoHandler} to receive {@link IoEvent}s, typically a channel.
 *
 * <h2>Threading</h2>
 *
 * <p>Its methods are called on the owning event loop's thread only.
 *
 * <h2>Ownership</h2>
 *
 * <p>The handle owns what it registered (a socket, a channel); {@link #close()} releases it when
 * the loop shuts down with the handle still registered.
 */
public interface IoHandle extends AutoCloseable {
  /**
   * Processes an event the handler observed for this handle.
   *
   * @param registration the registration the event belongs to
   * @param event what happened; the concrete type depends on the handler
   */
  void handle(IoRegistration registration, IoEvent event);

  /**
   * Closes the handle; called by the handler when the loop shuts down.
   *
   * @throws Exception logged by the handler
   */
  @Override
  void close() throws Exception;
}

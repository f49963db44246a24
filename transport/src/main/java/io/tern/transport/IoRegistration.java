package io.tern.transport;

/**
 * The link between an {@link IoHandle} and the {@link IoHandler} it is registered with.
 *
 * <h2>Threading</h2>
 *
 * <p>Call its methods on the owning event loop's thread unless the handler documents otherwise.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; cancelling it does not close the handle.
 */
public interface IoRegistration {
  /**
   * Returns the handler-specific object behind this registration (e.g. a {@code SelectionKey}).
   *
   * @return the attachment
   */
  Object attachment();

  /**
   * Asks the handler for an operation, such as a change of interest.
   *
   * @param ops the operation; the type must be the handler's
   * @return a handler-specific result (0 when there is none)
   * @throws IllegalArgumentException if the handler does not understand {@code ops}
   */
  long submit(IoOps ops);

  /**
   * Returns whether the registration is still active.
   *
   * @return {@code false} once cancelled
   */
  boolean isValid();

  /**
   * Removes the handle from the handler; no events follow.
   *
   * @return whether this call cancelled it
   */
  boolean cancel();
}

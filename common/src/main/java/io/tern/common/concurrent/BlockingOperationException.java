package io.tern.common.concurrent;

/**
 * Thrown when a thread would block waiting for work that only it can do, such as an event loop
 * awaiting a future that its own loop must complete.
 *
 * <h2>Threading</h2>
 *
 * <p>Thrown on the thread that would have blocked.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class BlockingOperationException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what would have blocked
   */
  public BlockingOperationException(String message) {
    super(message);
  }
}

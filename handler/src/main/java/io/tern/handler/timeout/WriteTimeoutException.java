package io.tern.handler.timeout;

/**
 * Raised by {@link WriteTimeoutHandler} when a write did not finish within the timeout.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class WriteTimeoutException extends TimeoutException {
  /**
   * Creates an exception.
   *
   * @param message the timeout, for logs
   */
  public WriteTimeoutException(String message) {
    super(message);
  }
}

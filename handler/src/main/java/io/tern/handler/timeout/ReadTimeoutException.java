package io.tern.handler.timeout;

/**
 * Raised by {@link ReadTimeoutHandler} when nothing was read within the timeout.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class ReadTimeoutException extends TimeoutException {
  /**
   * Creates an exception.
   *
   * @param message the timeout, for logs
   */
  public ReadTimeoutException(String message) {
    super(message);
  }
}

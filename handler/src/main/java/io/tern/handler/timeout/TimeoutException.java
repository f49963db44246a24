package io.tern.handler.timeout;

/**
 * A timeout detected by a handler of this package. Created without a stack trace: where it was
 * created (a scheduled task) says nothing, and timeouts can be frequent.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class TimeoutException extends RuntimeException {
  /**
   * Creates an exception.
   *
   * @param message what timed out
   */
  public TimeoutException(String message) {
    super(message, null, false, false);
  }
}

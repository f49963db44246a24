package io.tern.handler.timeout;

/** Raised by {@link WriteTimeoutHandler} when a write did not finish within the timeout. */
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

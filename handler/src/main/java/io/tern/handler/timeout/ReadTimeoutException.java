package io.tern.handler.timeout;

/** Raised by {@link ReadTimeoutHandler} when nothing was read within the timeout. */
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

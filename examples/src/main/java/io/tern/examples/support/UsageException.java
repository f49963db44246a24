package io.tern.examples.support;

/**
 * A command-line mistake (an unknown option value, an unavailable transport): {@code
 * io.tern.examples.Examples} prints the message and exits with status 2 instead of a stack trace.
 */
public final class UsageException extends RuntimeException {
  /**
   * Creates the exception.
   *
   * @param message what is wrong and, where useful, what to do instead
   */
  public UsageException(String message) {
    super(message, null, false, false);
  }
}

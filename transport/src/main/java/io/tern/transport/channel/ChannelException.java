package io.tern.transport.channel;

/**
 * A channel operation failed for a reason other than I/O, such as a rejected socket option.
 *
 * <h2>Threading</h2>
 *
 * <p>Thrown on the thread that made the failing call.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class ChannelException extends RuntimeException {
  /**
   * Creates the exception.
   *
   * @param message what failed
   */
  public ChannelException(String message) {
    super(message);
  }

  /**
   * Creates the exception.
   *
   * @param message what failed
   * @param cause why
   */
  public ChannelException(String message, Throwable cause) {
    super(message, cause);
  }
}

package io.tern.transport.channel;

import java.io.IOException;

/**
 * A write failed because the channel's output was shut down.
 *
 * <h2>Threading</h2>
 *
 * <p>Completes the failed write's promise on the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects; the failed write's message was released.
 */
public class ChannelOutputShutdownException extends IOException {
  /**
   * Creates the exception.
   *
   * @param message why
   */
  public ChannelOutputShutdownException(String message) {
    super(message);
  }

  /**
   * Creates the exception.
   *
   * @param message why
   * @param cause the underlying failure
   */
  public ChannelOutputShutdownException(String message, Throwable cause) {
    super(message, cause);
  }
}

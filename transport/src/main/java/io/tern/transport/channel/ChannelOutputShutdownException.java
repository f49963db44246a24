package io.tern.transport.channel;

import java.io.IOException;

/** A write failed because the channel's output was shut down. */
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

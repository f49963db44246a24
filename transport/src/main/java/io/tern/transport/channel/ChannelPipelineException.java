package io.tern.transport.channel;

/** A handler failed while being added to or removed from a {@link ChannelPipeline}. */
public class ChannelPipelineException extends RuntimeException {
  /**
   * Creates the exception.
   *
   * @param message what failed
   * @param cause the handler's exception
   */
  public ChannelPipelineException(String message, Throwable cause) {
    super(message, cause);
  }
}

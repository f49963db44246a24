package io.tern.transport.channel;

/**
 * A handler failed while being added to or removed from a {@link ChannelPipeline}.
 *
 * <h2>Threading</h2>
 *
 * <p>Thrown on the thread that changed the pipeline.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
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

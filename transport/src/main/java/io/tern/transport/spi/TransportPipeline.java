package io.tern.transport.spi;

import io.tern.transport.channel.internal.DefaultChannelPipeline;

/**
 * The pipeline of an {@link AbstractChannel}: {@link ChannelHead} at the head, and the tail's hooks
 * routed to the channel so transports can override them ({@code EmbeddedChannel} collects what
 * reaches the tail instead of releasing it).
 */
final class TransportPipeline extends DefaultChannelPipeline {
  private final AbstractChannel channel;

  TransportPipeline(AbstractChannel channel, ChannelHead head) {
    super(channel, head);
    this.channel = channel;
  }

  @Override
  protected void onUnhandledInboundMessage(Object msg) {
    channel.onUnhandledInboundMessage(msg);
  }

  @Override
  protected void onUnhandledInboundException(Throwable cause) {
    channel.onUnhandledInboundException(cause);
  }

  /** The default for a message reaching the tail: released and logged at DEBUG. */
  void discard(Object msg) {
    super.onUnhandledInboundMessage(msg);
  }

  /** The default for an exception reaching the tail: logged at WARNING. */
  void logUnhandled(Throwable cause) {
    super.onUnhandledInboundException(cause);
  }
}

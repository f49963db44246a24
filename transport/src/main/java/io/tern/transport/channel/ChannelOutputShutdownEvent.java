package io.tern.transport.channel;

/**
 * User event fired when a {@link DuplexChannel}'s output was shut down, by {@link
 * DuplexChannel#shutdownOutput()} or because a write found the connection's output closed.
 */
public final class ChannelOutputShutdownEvent {
  /** The single instance. */
  public static final ChannelOutputShutdownEvent INSTANCE = new ChannelOutputShutdownEvent();

  private ChannelOutputShutdownEvent() {}

  @Override
  public String toString() {
    return "ChannelOutputShutdownEvent";
  }
}

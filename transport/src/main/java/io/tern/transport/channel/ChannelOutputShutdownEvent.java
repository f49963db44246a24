package io.tern.transport.channel;

/**
 * User event fired when a {@link DuplexChannel}'s output was shut down, by {@link
 * DuplexChannel#shutdownOutput()} or because a write found the connection's output closed.
 *
 * <h2>Threading</h2>
 *
 * <p>Fired on the channel's event loop; the shared instance may be used from any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
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

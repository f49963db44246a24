package io.tern.transport.channel;

/**
 * User event fired when a {@link DuplexChannel}'s input was shut down (the peer ended its output)
 * while {@link ChannelOption#ALLOW_HALF_CLOSURE} is on: no more reads follow, but the channel may
 * still write. {@link ChannelInputShutdownReadComplete} follows once the read loop has finished.
 *
 * <h2>Threading</h2>
 *
 * <p>Fired on the channel's event loop; the shared instance may be used from any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class ChannelInputShutdownEvent {
  /** The single instance. */
  public static final ChannelInputShutdownEvent INSTANCE = new ChannelInputShutdownEvent();

  private ChannelInputShutdownEvent() {}

  @Override
  public String toString() {
    return "ChannelInputShutdownEvent";
  }
}

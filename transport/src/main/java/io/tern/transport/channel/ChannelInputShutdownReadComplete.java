package io.tern.transport.channel;

/**
 * User event fired once after {@link ChannelInputShutdownEvent}, when the read loop that saw the
 * end of input has completed: every byte the peer sent has been delivered.
 *
 * <h2>Threading</h2>
 *
 * <p>Fired on the channel's event loop; the shared instance may be used from any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class ChannelInputShutdownReadComplete {
  /** The single instance. */
  public static final ChannelInputShutdownReadComplete INSTANCE =
      new ChannelInputShutdownReadComplete();

  private ChannelInputShutdownReadComplete() {}

  @Override
  public String toString() {
    return "ChannelInputShutdownReadComplete";
  }
}

package io.tern.transport.channel;

/**
 * User event fired once after {@link ChannelInputShutdownEvent}, when the read loop that saw the
 * end of input has completed: every byte the peer sent has been delivered.
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

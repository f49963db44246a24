package io.tern.codec;

/**
 * The user event that tells the pipeline the channel's input was shut down (the peer half-closed
 * the connection) while the channel stays open for writing. {@link ByteToMessageDecoder} decodes
 * what it holds one last time ({@code decodeLast}) when it sees this event.
 *
 * <p>Defined here until the transport module defines its own input-shutdown event; a transport or
 * handler that learns of a half-close fires {@link #INSTANCE} with {@code
 * pipeline.fireUserEventTriggered}. Stateless and shared.
 */
public final class ChannelInputShutdownEvent {
  /** The only instance. */
  public static final ChannelInputShutdownEvent INSTANCE = new ChannelInputShutdownEvent();

  private ChannelInputShutdownEvent() {}

  @Override
  public String toString() {
    return "ChannelInputShutdownEvent";
  }
}

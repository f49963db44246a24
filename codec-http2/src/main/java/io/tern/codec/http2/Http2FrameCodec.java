package io.tern.codec.http2;

import io.tern.transport.channel.ChannelHandler;

/**
 * The HTTP/2 connection as a handler: bytes in, {@link Http2Frame}s out to the next handler; frames
 * in from the application, bytes out. It runs the connection itself: the preface (checked once,
 * then never again), SETTINGS and their acknowledgement (with a timeout), the stream state machine,
 * flow control both ways, PING answers, GOAWAY, and the {@link Http2Limits}. Build one per channel
 * with {@link #forServer()} or {@link #forClient()}.
 *
 * <p><b>Inbound</b> the application receives {@link Http2HeadersFrame}, {@link Http2DataFrame}
 * (whose bytes the codec returns to the peer's window once passed on, or, with an {@link
 * Http2MultiplexHandler} after it, once the stream's channel has read them), {@link
 * Http2ResetFrame}, {@link Http2SettingsFrame} (the peer's, applied and acknowledged), {@link
 * Http2SettingsAckFrame}, {@link Http2PingFrame} (acknowledgements of its own pings), {@link
 * Http2GoAwayFrame} and {@link Http2PriorityUpdateFrame}. Stream errors reset the stream and the
 * application sees a {@link Http2ResetFrame}; connection errors send GOAWAY and close the channel.
 *
 * <p><b>Outbound</b> it accepts the same frame types: a {@link Http2HeadersFrame} with stream id 0
 * opens a stream (clients; the id is the next odd one, in write order), {@link Http2DataFrame}s are
 * sent as the peer's windows allow, and a {@link Http2GoAwayFrame} starts a graceful shutdown.
 * Closing the channel sends GOAWAY first.
 *
 * <h2>Threading</h2>
 *
 * One instance per channel, called on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * Frames passed on belong to the next handler. Frames written belong to the codec, which releases
 * them when sent or when their stream or the connection ends.
 */
public interface Http2FrameCodec extends ChannelHandler {
  /**
   * Returns a builder for the server side.
   *
   * @return a builder
   */
  static Http2FrameCodecBuilder forServer() {
    return new Http2FrameCodecBuilder(true);
  }

  /**
   * Returns a builder for the client side.
   *
   * @return a builder
   */
  static Http2FrameCodecBuilder forClient() {
    return new Http2FrameCodecBuilder(false);
  }

  /**
   * Returns whether this is the server side.
   *
   * @return {@code true} for a server
   */
  boolean isServer();

  /**
   * Returns the number of open streams.
   *
   * @return the count
   */
  int activeStreams();
}

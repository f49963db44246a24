package io.tern.codec.http2;

import io.tern.codec.http2.internal.MultiplexHandler;
import io.tern.transport.channel.ChannelHandler;
import java.util.Objects;

/**
 * Gives each HTTP/2 stream a {@link Http2StreamChannel} of its own, with its own pipeline, on the
 * connection's event loop: put it right after the {@link Http2FrameCodec}.
 *
 * <pre>{@code
 * ch.pipeline().addLast(
 *     Http2FrameCodec.forServer().build(),
 *     Http2MultiplexHandler.of(new ChannelInitializer<Http2StreamChannel>() {
 *       protected void initChannel(Http2StreamChannel stream) {
 *         stream.pipeline().addLast(new MyStreamHandler()); // reads and writes one stream's frames
 *       }
 *     }));
 * }</pre>
 *
 * <p>Each stream the peer opens becomes a stream channel whose pipeline gets the stream handler
 * (typically a {@link io.tern.transport.channel.ChannelInitializer}, shared by every stream), is
 * registered and active, and reads the stream's frames. Streams this side opens come from an {@link
 * Http2StreamChannelBootstrap} on the connection's channel. Frames that concern the whole
 * connection ({@link Http2SettingsFrame}, {@link Http2SettingsAckFrame}, {@link Http2PingFrame},
 * {@link Http2GoAwayFrame}, {@link Http2PriorityUpdateFrame}) go on to the handlers after this one
 * on the connection's pipeline, and the connection's own writes (GOAWAY, PING, SETTINGS) still go
 * through it. See {@link Http2StreamChannel} for what a stream channel reads and writes, its flow
 * control and when it closes.
 *
 * <p>With the multiplexer in the pipeline, the codec returns a DATA frame's bytes to the peer's
 * windows when the stream channel's pipeline has read the frame, not when the codec passes it on.
 *
 * <h2>Threading</h2>
 *
 * <p>One instance per connection, called on its event loop; the stream handler it is given is added
 * to every inbound stream channel, so it must be shareable (an initializer is).
 *
 * <h2>Ownership</h2>
 *
 * <p>Owns the stream channels it creates until they close, and the frames queued for them until
 * their pipelines read them; it releases both when the connection closes.
 */
public interface Http2MultiplexHandler extends ChannelHandler {
  /**
   * Returns a multiplexer that hands each stream the peer opens to {@code streamHandler}.
   *
   * @param streamHandler added to each inbound stream channel's pipeline (shared)
   * @return a new multiplexer for one connection
   */
  static Http2MultiplexHandler of(ChannelHandler streamHandler) {
    return new MultiplexHandler(Objects.requireNonNull(streamHandler, "streamHandler"));
  }

  /**
   * Returns a multiplexer for a client: it opens streams through {@link
   * Http2StreamChannelBootstrap} and accepts none from the peer (servers push nothing to Tern,
   * which announces {@code SETTINGS_ENABLE_PUSH=0}).
   *
   * @return a new multiplexer for one connection
   */
  static Http2MultiplexHandler forClient() {
    return new MultiplexHandler(null);
  }

  /**
   * Returns the number of open stream channels.
   *
   * @return the count
   */
  int streamChannels();
}

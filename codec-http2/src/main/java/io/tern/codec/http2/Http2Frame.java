package io.tern.codec.http2;

/**
 * A frame the {@link Http2FrameCodec} reads from or writes to a connection. Stream-level frames are
 * {@link Http2StreamFrame}s; the others concern the whole connection.
 *
 * <h2>Threading</h2>
 *
 * Frames are values handed along the pipeline on the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * Frames that carry a buffer ({@link Http2DataFrame}, {@link Http2GoAwayFrame}) are reference
 * counted: whoever receives one releases it or passes it on. The others hold no reference-counted
 * objects.
 */
public sealed interface Http2Frame
    permits Http2StreamFrame,
        Http2SettingsFrame,
        Http2SettingsAckFrame,
        Http2PingFrame,
        Http2GoAwayFrame,
        Http2PriorityUpdateFrame {
  /**
   * Returns the frame type's name, as RFC 9113 writes it ({@code HEADERS}, {@code DATA}, ...).
   *
   * @return the name
   */
  String name();
}

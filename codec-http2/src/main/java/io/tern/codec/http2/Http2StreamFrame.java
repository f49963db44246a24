package io.tern.codec.http2;

/**
 * A frame on one stream. On the way out, a {@link Http2HeadersFrame} with stream id 0 opens a new
 * stream with the next id the connection allows (clients); every other frame names its stream.
 * Frames written to an {@link Http2StreamChannel} carry stream id 0 (or the channel's own): the
 * channel fills in its stream.
 *
 * <h2>Threading</h2>
 *
 * As {@link Http2Frame}.
 *
 * <h2>Ownership</h2>
 *
 * As {@link Http2Frame}.
 */
public sealed interface Http2StreamFrame extends Http2Frame
    permits Http2HeadersFrame, Http2DataFrame, Http2ResetFrame, Http2WindowUpdateFrame {
  /**
   * Returns the stream id.
   *
   * @return the id; 0 only on an outbound {@code HEADERS} that opens a new stream, or on a frame
   *     written to an {@link Http2StreamChannel}
   */
  int streamId();
}

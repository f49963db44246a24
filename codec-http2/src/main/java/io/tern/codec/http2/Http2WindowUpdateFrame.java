package io.tern.codec.http2;

/**
 * {@code WINDOW_UPDATE} for a stream. Inbound ones are handled by the codec's flow control and only
 * reported; an outbound one returns bytes of received {@link Http2DataFrame}s to the peer's window
 * when the codec is told not to do that by itself (see {@link Http2FrameCodec}).
 *
 * <h2>Threading</h2>
 *
 * An immutable value; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param streamId the stream, or 0 for the connection's window
 * @param increment bytes, 1 to {@code 2^31 - 1}
 */
public record Http2WindowUpdateFrame(int streamId, int increment) implements Http2StreamFrame {
  @Override
  public String name() {
    return "WINDOW_UPDATE";
  }
}

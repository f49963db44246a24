package io.tern.codec.http2;

/**
 * {@code RST_STREAM}: ends a stream at once.
 *
 * <h2>Threading</h2>
 *
 * An immutable value; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param streamId the stream
 * @param errorCode the 32-bit error code ({@link Http2Error#code()}; peers may send others)
 */
public record Http2ResetFrame(int streamId, long errorCode) implements Http2StreamFrame {
  /**
   * Creates a frame with a known error.
   *
   * @param streamId the stream
   * @param error the error
   */
  public Http2ResetFrame(int streamId, Http2Error error) {
    this(streamId, error.code());
  }

  @Override
  public String name() {
    return "RST_STREAM";
  }
}

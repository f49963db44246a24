package io.tern.codec.http2;

import java.util.Objects;

/**
 * A header section: a request's or response's head, an informational ({@code 1xx}) response, or
 * trailers (with {@code endStream}). On the wire it is a {@code HEADERS} frame, followed by {@code
 * CONTINUATION} frames when the encoded block is larger than the peer's maximum frame size.
 *
 * <h2>Threading</h2>
 *
 * An immutable value; the headers must not change once the frame is written.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param streamId the stream, or 0 on an outbound frame opening a new stream
 * @param headers the fields
 * @param endStream whether the sender's side of the stream ends with it
 * @param padding padding bytes to add on the way out (0 to 255); ignored inbound
 */
public record Http2HeadersFrame(int streamId, Http2Headers headers, boolean endStream, int padding)
    implements Http2StreamFrame {
  /**
   * Checks the components.
   *
   * @param streamId the stream
   * @param headers the fields
   * @param endStream whether the stream ends
   * @param padding 0 to 255
   */
  public Http2HeadersFrame {
    Objects.requireNonNull(headers, "headers");
    if (streamId < 0) {
      throw new IllegalArgumentException("streamId: " + streamId);
    }
    if (padding < 0 || padding > 255) {
      throw new IllegalArgumentException("padding: " + padding);
    }
  }

  /**
   * Creates an unpadded frame for an {@link Http2StreamChannel}, which fills in its stream (stream
   * id 0; on a client's new stream channel the first such frame opens the stream).
   *
   * @param headers the fields
   * @param endStream whether the stream ends
   */
  public Http2HeadersFrame(Http2Headers headers, boolean endStream) {
    this(0, headers, endStream, 0);
  }

  /**
   * Creates an unpadded frame.
   *
   * @param streamId the stream, or 0 to open a new one
   * @param headers the fields
   * @param endStream whether the stream ends
   */
  public Http2HeadersFrame(int streamId, Http2Headers headers, boolean endStream) {
    this(streamId, headers, endStream, 0);
  }

  @Override
  public String name() {
    return "HEADERS";
  }
}

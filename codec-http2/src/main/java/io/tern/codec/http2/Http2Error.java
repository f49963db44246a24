package io.tern.codec.http2;

/**
 * The error codes of RFC 9113 (section 7), carried by {@code RST_STREAM} and {@code GOAWAY}.
 *
 * <h2>Threading</h2>
 *
 * Constants; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum Http2Error {
  /** Graceful shutdown, or no error. */
  NO_ERROR(0x0),
  /** An unspecific protocol error. */
  PROTOCOL_ERROR(0x1),
  /** An unexpected internal error. */
  INTERNAL_ERROR(0x2),
  /** The flow-control protocol was violated. */
  FLOW_CONTROL_ERROR(0x3),
  /** A {@code SETTINGS} frame was not acknowledged in time. */
  SETTINGS_TIMEOUT(0x4),
  /** A frame arrived after the stream was half-closed. */
  STREAM_CLOSED(0x5),
  /** A frame of an invalid size. */
  FRAME_SIZE_ERROR(0x6),
  /** The stream was refused before any application processing. */
  REFUSED_STREAM(0x7),
  /** The stream is no longer needed. */
  CANCEL(0x8),
  /** The header compression context cannot be maintained. */
  COMPRESSION_ERROR(0x9),
  /** A {@code CONNECT} tunnel was reset or closed abnormally. */
  CONNECT_ERROR(0xa),
  /** The peer behaves in a way that might generate excessive load. */
  ENHANCE_YOUR_CALM(0xb),
  /** The transport's security properties are not good enough. */
  INADEQUATE_SECURITY(0xc),
  /** HTTP/1.1 is required for this request. */
  HTTP_1_1_REQUIRED(0xd);

  private static final Http2Error[] BY_CODE = values();

  private final long code;

  Http2Error(long code) {
    this.code = code;
  }

  /**
   * Returns the code on the wire.
   *
   * @return the 32-bit code
   */
  public long code() {
    return code;
  }

  /**
   * Returns the error with a code, if known.
   *
   * @param code the 32-bit code
   * @return the error, or {@code null} for a code this version does not know (which RFC 9113 says
   *     to treat like {@link #INTERNAL_ERROR} where it matters, never as a failure)
   */
  public static Http2Error valueOf(long code) {
    return code >= 0 && code < BY_CODE.length ? BY_CODE[(int) code] : null;
  }
}

package io.tern.codec.http2;

/**
 * An HTTP/2 error: either a connection error, which ends the connection with a {@code GOAWAY}
 * carrying the code, or a stream error, which resets one stream with a {@code RST_STREAM} (RFC
 * 9113, section 5.4).
 *
 * <h2>Threading</h2>
 *
 * An ordinary exception; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class Http2Exception extends Exception {
  private static final long serialVersionUID = 1L;

  private final Http2Error error;
  private final int streamId;

  private Http2Exception(Http2Error error, int streamId, String message, Throwable cause) {
    super(message, cause, false, false);
    this.error = error;
    this.streamId = streamId;
  }

  /**
   * Creates a connection error.
   *
   * @param error the code the {@code GOAWAY} carries
   * @param message what happened (the {@code GOAWAY}'s debug data)
   * @return the exception
   */
  public static Http2Exception connectionError(Http2Error error, String message) {
    return new Http2Exception(error, 0, message, null);
  }

  /**
   * Creates a connection error with a cause.
   *
   * @param error the code the {@code GOAWAY} carries
   * @param message what happened
   * @param cause the underlying failure
   * @return the exception
   */
  public static Http2Exception connectionError(Http2Error error, String message, Throwable cause) {
    return new Http2Exception(error, 0, message, cause);
  }

  /**
   * Creates a stream error.
   *
   * @param streamId the stream to reset, not 0
   * @param error the code the {@code RST_STREAM} carries
   * @param message what happened
   * @return the exception
   */
  public static Http2Exception streamError(int streamId, Http2Error error, String message) {
    if (streamId <= 0) {
      throw new IllegalArgumentException("streamId: " + streamId);
    }
    return new Http2Exception(error, streamId, message, null);
  }

  /**
   * Returns the error code.
   *
   * @return the code
   */
  public Http2Error error() {
    return error;
  }

  /**
   * Returns whether this ends the whole connection.
   *
   * @return {@code true} for a connection error
   */
  public boolean isConnectionError() {
    return streamId == 0;
  }

  /**
   * Returns the stream a stream error resets.
   *
   * @return the stream id, or 0 for a connection error
   */
  public int streamId() {
    return streamId;
  }
}

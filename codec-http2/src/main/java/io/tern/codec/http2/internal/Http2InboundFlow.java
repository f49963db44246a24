package io.tern.codec.http2.internal;

import static io.tern.codec.http2.Http2Error.FLOW_CONTROL_ERROR;

import io.tern.buffer.ByteBuf;
import io.tern.codec.http2.Http2Exception;
import io.tern.codec.http2.Http2Settings;

/**
 * The windows this side grants the peer (RFC 9113, section 6.9): the connection's and each
 * stream's. Received DATA is charged against both as it arrives, and more than a window allows is a
 * {@code FLOW_CONTROL_ERROR}. Bytes go back to the peer as the application consumes them, in one
 * {@code WINDOW_UPDATE} per window once half of it (the connection's target, or the stream's
 * initial window) has been consumed, so a fast reader costs one update per half window, not one per
 * frame. Sending under the peer's windows is {@link Http2OutboundFlow}'s job.
 *
 * <p>Event loop only; owned by {@link Http2Connection}. Holds no reference-counted objects (it
 * writes into the buffer {@link Http2Connection.Output#buffer()} lends it).
 */
final class Http2InboundFlow {
  private static final float WINDOW_UPDATE_RATIO = 0.5f;

  /**
   * One stream's receive window, owned by the stream and changed only through this class: the bytes
   * this side lets the peer send, and the consumed bytes not yet returned by {@code WINDOW_UPDATE}.
   */
  static final class StreamWindow {
    private int window;
    private int consumed;

    StreamWindow(int window) {
      this.window = window;
    }

    /** Bytes the peer may still send on the stream. */
    int window() {
      return window;
    }

    /** Consumed bytes not yet returned to the peer. */
    int consumed() {
      return consumed;
    }
  }

  private final Http2Connection.Output output;
  private final int connectionWindowTarget;
  private int connectionWindow = Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE;
  private int connectionConsumed;

  /** Every new stream's window: this side's SETTINGS_INITIAL_WINDOW_SIZE once acknowledged. */
  private int initialWindow = Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE;

  /**
   * Creates the windows of one connection.
   *
   * @param connectionWindowTarget the connection window to keep open (at least the RFC's 65,535)
   * @param output where WINDOW_UPDATE frames are written
   */
  Http2InboundFlow(int connectionWindowTarget, Http2Connection.Output output) {
    this.connectionWindowTarget = connectionWindowTarget;
    this.output = output;
  }

  /** The receive window a stream opened now starts with. */
  int initialWindow() {
    return initialWindow;
  }

  /** Opens the connection window from the RFC's default to the target, at the start. */
  void start(ByteBuf out) {
    int increase = connectionWindowTarget - Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE;
    if (increase > 0) {
      Http2FrameWriter.windowUpdate(out, 0, increase);
      connectionWindow += increase;
    }
  }

  /** Charges a received DATA frame to the connection window. */
  void receivedOnConnection(int flowControlled) throws Http2Exception {
    if (flowControlled > connectionWindow) {
      throw Http2Exception.connectionError(FLOW_CONTROL_ERROR, "connection window exceeded");
    }
    connectionWindow -= flowControlled;
  }

  /**
   * Charges a received DATA frame to its stream's window.
   *
   * @return whether it fitted (if not, the caller answers with a stream error)
   */
  boolean receivedOnStream(Http2Stream s, int flowControlled) {
    StreamWindow w = s.inbound;
    if (flowControlled > w.window) {
      return false;
    }
    w.window -= flowControlled;
    return true;
  }

  /** The application (or nobody) consumed {@code n} received bytes of the connection. */
  void consumedOnConnection(int n) {
    connectionConsumed += n;
    if (connectionConsumed >= connectionWindowTarget * WINDOW_UPDATE_RATIO) {
      Http2FrameWriter.windowUpdate(output.buffer(), 0, connectionConsumed);
      connectionWindow += connectionConsumed;
      connectionConsumed = 0;
    }
  }

  /** The application consumed {@code n} received bytes of an open stream that may still receive. */
  void consumedOnStream(Http2Stream s, int n) {
    StreamWindow w = s.inbound;
    w.consumed += n;
    if (w.consumed >= initialWindow * WINDOW_UPDATE_RATIO) {
      Http2FrameWriter.windowUpdate(output.buffer(), s.id, w.consumed);
      w.window += w.consumed;
      w.consumed = 0;
    }
  }

  /**
   * This side's new SETTINGS_INITIAL_WINDOW_SIZE was acknowledged: the difference applies to all.
   */
  void initialWindowAcknowledged(int window, Iterable<Http2Stream> open) {
    int delta = window - initialWindow;
    initialWindow = window;
    for (Http2Stream s : open) {
      s.inbound.window += delta;
    }
  }
}

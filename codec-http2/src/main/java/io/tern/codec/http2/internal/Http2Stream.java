package io.tern.codec.http2.internal;

/**
 * One stream's state (RFC 9113, section 5.1), its flow-control windows and what waits to be sent on
 * it.
 *
 * <pre>
 *                       send/recv HEADERS
 *               idle ------------------------> open
 *                                             |    \
 *                     recv END_STREAM         |     \  send END_STREAM
 *          half-closed (remote) <-------------+      +-------> half-closed (local)
 *                  |   send END_STREAM / RST              recv END_STREAM / RST   |
 *                  +-------------------------> closed <---------------------------+
 * </pre>
 *
 * <p>(No reserved states: this implementation never pushes and refuses pushes.) Owned by the
 * connection; event loop only.
 */
final class Http2Stream {
  enum State {
    OPEN,
    HALF_CLOSED_LOCAL,
    HALF_CLOSED_REMOTE,
    CLOSED
  }

  final int id;
  private State state = State.OPEN;

  /** This side's receive window on the stream: kept by {@link Http2InboundFlow}. */
  final Http2InboundFlow.StreamWindow inbound;

  /**
   * The peer's send window on the stream and what waits for it: kept by {@link Http2OutboundFlow}.
   */
  final Http2OutboundFlow.StreamQueue outbound;

  // The received message: its header section, content-length and the DATA so far.
  private boolean headersReceived;
  private long expectedContent = -1;
  private long receivedContent;
  private int emptyDataFrames;

  Http2Stream(int id, long sendWindow, int recvWindow) {
    this.id = id;
    this.outbound = new Http2OutboundFlow.StreamQueue(sendWindow);
    this.inbound = new Http2InboundFlow.StreamWindow(recvWindow);
  }

  State state() {
    return state;
  }

  /** Whether both sides ended, or the stream was reset. */
  boolean isClosed() {
    return state == State.CLOSED;
  }

  /** The stream left the connection's table. */
  void closed() {
    state = State.CLOSED;
  }

  /** Whether the message's (final) header section arrived: a later one holds trailers. */
  boolean headersReceived() {
    return headersReceived;
  }

  /**
   * The message's header section arrived.
   *
   * @param contentLength its {@code content-length}, or -1 if it has none
   */
  void headersReceived(long contentLength) {
    headersReceived = true;
    expectedContent = contentLength;
  }

  /**
   * Counts received DATA.
   *
   * @return whether the content so far still agrees with {@code content-length}
   */
  boolean contentReceived(int length, boolean endStream) {
    receivedContent += length;
    return expectedContent < 0
        || (receivedContent <= expectedContent
            && (!endStream || receivedContent == expectedContent));
  }

  /** Whether the content received matches {@code content-length} (or there is none). */
  boolean contentComplete() {
    return expectedContent < 0 || receivedContent == expectedContent;
  }

  /**
   * Counts a received DATA frame for the empty-DATA flood limit.
   *
   * @return empty frames in a row, 0 after a non-empty one
   */
  int emptyDataFrame(boolean empty) {
    emptyDataFrames = empty ? emptyDataFrames + 1 : 0;
    return emptyDataFrames;
  }

  boolean canReceive() {
    return state == State.OPEN || state == State.HALF_CLOSED_LOCAL;
  }

  boolean canSend() {
    return state == State.OPEN || state == State.HALF_CLOSED_REMOTE;
  }

  /** The peer ended its side. */
  void remoteEnded() {
    state = state == State.OPEN ? State.HALF_CLOSED_REMOTE : State.CLOSED;
  }

  /** This side ended its side. */
  void localEnded() {
    state = state == State.OPEN ? State.HALF_CLOSED_LOCAL : State.CLOSED;
  }

  @Override
  public String toString() {
    return "stream " + id + " " + state;
  }
}

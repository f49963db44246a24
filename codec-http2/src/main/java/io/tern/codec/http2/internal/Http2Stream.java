package io.tern.codec.http2.internal;

import java.util.ArrayDeque;

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
  State state = State.OPEN;

  /** Bytes the peer lets this side send on the stream. */
  long sendWindow;

  /** Bytes this side lets the peer send. */
  int recvWindow;

  /** Received bytes the application consumed that were not yet returned by WINDOW_UPDATE. */
  int recvConsumed;

  /** content-length of the peer's message, or -1. */
  long expectedContent = -1;

  long receivedContent;
  boolean headersReceived;
  boolean headersSent;
  int emptyDataFrames;

  /** Frames (DATA, trailing HEADERS) waiting for flow-control window, in order. */
  ArrayDeque<Object> pending;

  long pendingBytes;
  boolean queuedForWrite;

  /** Whatever the layer above keeps for the stream (the multiplexer's child channel). */
  Object attachment;

  Http2Stream(int id, long sendWindow, int recvWindow) {
    this.id = id;
    this.sendWindow = sendWindow;
    this.recvWindow = recvWindow;
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

package io.tern.codec.http2.internal;

import io.tern.buffer.ByteBuf;
import io.tern.codec.http2.Http2Error;
import io.tern.codec.http2.Http2Exception;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.codec.http2.Http2Settings;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import java.util.ArrayDeque;

/**
 * Sends DATA under the peer's flow-control windows (RFC 9113, section 6.9): the connection window
 * and each stream's. Content that does not fit waits in its stream's queue, in order with the
 * trailers behind it; when windows open, waiting streams take turns in round-robin, each turn at
 * most one frame of {@link #QUANTUM} bytes (or the peer's maximum frame size, if smaller), so one
 * large response cannot take the whole connection window while others wait.
 *
 * <p>Event loop only. Owns the queued frames until they are written or discarded.
 */
public final class Http2OutboundFlow {
  /** The most one stream sends per turn while others wait. */
  public static final int QUANTUM = 16_384;

  private final Http2Connection connection;
  private final Http2Connection.Output output;
  private final ArrayDeque<Http2Stream> ready = new ArrayDeque<>();
  private long connectionWindow = Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE;

  /** Every new stream's send window: the peer's SETTINGS_INITIAL_WINDOW_SIZE. */
  private int initialWindow = Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE;

  /**
   * One stream's send side, owned by the stream and changed only through this class: the bytes the
   * peer lets this side send, and the frames (DATA, trailing HEADERS) waiting for window, in order.
   */
  static final class StreamQueue {
    private long window;
    private ArrayDeque<Object> frames; // created on the first frame that waits
    private long bytes; // the waiting DATA's flow-controlled bytes
    private boolean inRotation; // in the flow's round-robin of streams ready to write

    StreamQueue(long window) {
      this.window = window;
    }

    /** Bytes the peer lets this side send on the stream now. */
    long window() {
      return window;
    }

    /** Bytes this side may still hand over without waiting: the window less what already waits. */
    long unclaimedWindow() {
      return Math.max(0, window - bytes);
    }

    boolean hasFrames() {
      return frames != null && !frames.isEmpty();
    }
  }

  /** A DATA frame waiting, possibly partly sent. */
  private static final class PendingData {
    final ByteBuf content;
    final boolean endStream;
    final int padding;
    final Promise<Void> promise;

    PendingData(ByteBuf content, boolean endStream, int padding, Promise<Void> promise) {
      this.content = content;
      this.endStream = endStream;
      this.padding = padding;
      this.promise = promise;
    }
  }

  Http2OutboundFlow(Http2Connection connection, Http2Connection.Output output) {
    this.connection = connection;
    this.output = output;
  }

  long connectionWindow() {
    return connectionWindow;
  }

  /** The send window a stream opened now starts with. */
  int initialWindow() {
    return initialWindow;
  }

  /**
   * The peer changed SETTINGS_INITIAL_WINDOW_SIZE: the difference applies to every open stream's
   * send window (RFC 9113, section 6.9.2), which may turn negative but not past 2^31-1.
   */
  void initialWindowChanged(int window, Iterable<Http2Stream> open) throws Http2Exception {
    int delta = window - initialWindow;
    initialWindow = window;
    for (Http2Stream s : open) {
      s.outbound.window += delta;
      if (s.outbound.window > Http2Settings.MAX_WINDOW_SIZE) {
        throw Http2Exception.connectionError(
            Http2Error.FLOW_CONTROL_ERROR,
            "SETTINGS_INITIAL_WINDOW_SIZE overflows a stream window");
      }
    }
  }

  boolean hasPending(Http2Stream s) {
    return s.outbound.hasFrames();
  }

  void connectionWindowUpdate(int increment) throws Http2Exception {
    connectionWindow += increment;
    if (connectionWindow > Http2Settings.MAX_WINDOW_SIZE) {
      throw Http2Exception.connectionError(
          Http2Error.FLOW_CONTROL_ERROR, "connection window above 2^31-1");
    }
    writePending();
  }

  void streamWindowUpdate(Http2Stream s, int increment) throws Http2Exception {
    s.outbound.window += increment;
    if (s.outbound.window > Http2Settings.MAX_WINDOW_SIZE) {
      throw Http2Exception.streamError(
          s.id, Http2Error.FLOW_CONTROL_ERROR, "stream window above 2^31-1");
    }
    if (hasPending(s) && !s.outbound.inRotation) {
      s.outbound.inRotation = true;
      ready.add(s);
    }
    writePending();
  }

  /** Puts every stream with waiting frames back in the rotation (the initial window changed). */
  void requeueAll(Iterable<Http2Stream> streams) {
    for (Http2Stream s : streams) {
      if (hasPending(s) && !s.outbound.inRotation) {
        s.outbound.inRotation = true;
        ready.add(s);
      }
    }
  }

  /** Queues DATA on a stream; {@link #writePending()} sends it. Takes ownership of the content. */
  void writeData(Http2Stream s, ByteBuf content, boolean endStream, int padding, Promise<Void> p) {
    if (s.outbound.frames == null) {
      s.outbound.frames = new ArrayDeque<>(2);
    }
    s.outbound.frames.add(new PendingData(content, endStream, padding, p));
    s.outbound.bytes += content.readableBytes() + padding;
    if (endStream) {
      s.localEnded(); // nothing may follow; the state changes now, the frame goes when it can
    }
    if (!s.outbound.inRotation) {
      s.outbound.inRotation = true;
      ready.add(s);
    }
    // Written on flush, so streams answered in one read share the window from the start.
  }

  /** Queues trailers behind waiting DATA. */
  void enqueueHeaders(Http2Stream s, Http2HeadersFrame trailers) {
    s.outbound.frames.add(trailers);
    if (trailers.endStream()) {
      s.localEnded();
    }
  }

  /** Sends waiting frames in turns while the connection window allows. */
  void writePending() {
    int turns = ready.size();
    while (!ready.isEmpty()) {
      Http2Stream s = ready.poll();
      s.outbound.inRotation = false;
      if (!writeTurn(s)) {
        // Blocked by its own window: out of the rotation until its WINDOW_UPDATE.
        if (connectionWindow <= 0 && hasPending(s)) {
          s.outbound.inRotation = true;
          ready.addFirst(s);
          return;
        }
        continue;
      }
      if (hasPending(s)) {
        s.outbound.inRotation = true;
        ready.add(s);
      }
      if (--turns <= 0 && connectionWindow <= 0) {
        return;
      }
    }
  }

  /**
   * Sends one turn of a stream's queue.
   *
   * @return whether anything was sent
   */
  private boolean writeTurn(Http2Stream s) {
    boolean sent = false;
    while (hasPending(s)) {
      Object head = s.outbound.frames.peek();
      if (head instanceof Http2HeadersFrame h) {
        s.outbound.frames.poll();
        // The state already moved when the trailers were queued; write without moving it again.
        connection.writeHeaderBlock(s.id, h.headers(), h.endStream(), h.padding());
        finishIfDone(s);
        return true;
      }
      PendingData d = (PendingData) head;
      int length = d.content.readableBytes();
      long window = Math.min(connectionWindow, s.outbound.window);
      int max = (int) Math.min(Math.min(window, connection.peerMaxFrameSize()), QUANTUM);
      if (length + d.padding > max && !(length == 0 && d.padding == 0)) {
        if (max <= d.padding || max <= 0) {
          return sent;
        }
        // Part of it now.
        int n = max - d.padding;
        ByteBuf part = d.content.readRetainedSlice(n);
        Http2FrameWriter.dataHeader(output.buffer(), s.id, n, d.padding, false);
        output.data(part, null);
        if (d.padding > 1) {
          Http2FrameWriter.padding(output.buffer(), d.padding);
        }
        spend(s, n + d.padding);
        return true;
      }
      s.outbound.frames.poll();
      Http2FrameWriter.dataHeader(output.buffer(), s.id, length, d.padding, d.endStream);
      output.data(d.content, d.promise);
      if (d.padding > 1) {
        Http2FrameWriter.padding(output.buffer(), d.padding);
      }
      spend(s, length + d.padding);
      sent = true;
      if (d.endStream) {
        finishIfDone(s);
        return true;
      }
      if (length > 0) {
        return true; // one frame per turn
      }
    }
    return sent;
  }

  private void spend(Http2Stream s, int n) {
    connectionWindow -= n;
    s.outbound.window -= n;
    s.outbound.bytes -= n;
  }

  private void finishIfDone(Http2Stream s) {
    if (s.isClosed() && !hasPending(s)) {
      connection.close(s);
    }
  }

  /** Releases and fails what waited on a stream that closed. */
  void discard(Http2Stream s) {
    if (s.outbound.frames == null) {
      return;
    }
    Object o;
    while ((o = s.outbound.frames.poll()) != null) {
      if (o instanceof PendingData d) {
        ReferenceCountUtil.release(d.content);
        if (d.promise != null) {
          d.promise.tryFailure(
              Http2Exception.streamError(s.id, Http2Error.STREAM_CLOSED, "stream closed"));
        }
      }
    }
    s.outbound.bytes = 0;
    ready.remove(s);
    s.outbound.inRotation = false;
  }
}

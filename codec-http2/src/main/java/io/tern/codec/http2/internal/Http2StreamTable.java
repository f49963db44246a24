package io.tern.codec.http2.internal;

import static io.tern.codec.http2.Http2Error.PROTOCOL_ERROR;
import static io.tern.codec.http2.Http2Error.STREAM_CLOSED;

import io.tern.codec.http2.Http2Exception;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The streams of one connection by id, and what RFC 9113 (section 5.1) asks a connection to know
 * about the ids of streams that are not open: which are idle, which closed, and how each closed.
 *
 * <p>A stream leaves the table when it closes; ids at or below the highest one each side opened are
 * "closed", above "idle". The last few ids this side reset, and those the peer reset, are
 * remembered (a small ring each), so that frames still in flight on a stream this side reset are
 * ignored, frames on a stream the peer reset are a stream error, and frames on any other closed
 * stream are a connection error. The table also counts the open streams each side started, for the
 * two {@code SETTINGS_MAX_CONCURRENT_STREAMS}.
 *
 * <p>Event loop only; owned by {@link Http2Connection}. Holds no reference-counted objects.
 */
final class Http2StreamTable {
  private static final int REMEMBERED_RESETS = 32;

  private final boolean server;
  private final Map<Integer, Http2Stream> streams = new HashMap<>();
  private final Collection<Http2Stream> view = Collections.unmodifiableCollection(streams.values());
  private int activePeerStreams;
  private int activeLocalStreams;
  private int lastPeerStreamId;
  private int nextLocalStreamId;
  // Allocated on the first reset each: most connections never see one.
  private int[] resetByUs;
  private int[] resetByPeer;
  private int resetByUsNext;
  private int resetByPeerNext;

  Http2StreamTable(boolean server) {
    this.server = server;
    this.nextLocalStreamId = server ? 2 : 1;
  }

  /** The open stream with this id, or {@code null}. */
  Http2Stream get(int id) {
    return streams.get(id);
  }

  /** Open streams, both sides'. */
  int size() {
    return streams.size();
  }

  /** The open streams; not to be changed while iterating (see {@link #snapshot()}). */
  Collection<Http2Stream> streams() {
    return view;
  }

  /** The open streams, copied: for loops that close streams. */
  Http2Stream[] snapshot() {
    return streams.values().toArray(new Http2Stream[0]);
  }

  boolean isPeerInitiated(int id) {
    return ((id & 1) == 1) == server;
  }

  /** Whether no frame opened a stream with this id yet (by its side's ids so far). */
  boolean isIdle(int id) {
    return isPeerInitiated(id) ? id > lastPeerStreamId : id >= nextLocalStreamId;
  }

  int lastPeerStreamId() {
    return lastPeerStreamId;
  }

  /** The id the next stream this side opens will get. */
  int nextLocalStreamId() {
    return nextLocalStreamId;
  }

  int activePeerStreams() {
    return activePeerStreams;
  }

  int activeLocalStreams() {
    return activeLocalStreams;
  }

  /**
   * The peer used a new stream id: every lower id of its side is closed from now on, whether or not
   * the stream is then opened (it is not when refused).
   */
  void peerStreamSeen(int id) {
    lastPeerStreamId = id;
  }

  /** Opens a stream the peer started (after {@link #peerStreamSeen}). */
  Http2Stream openPeerStream(int id, long sendWindow, int recvWindow) {
    return put(new Http2Stream(id, sendWindow, recvWindow));
  }

  /** Opens the next stream of this side. */
  Http2Stream openLocalStream(long sendWindow, int recvWindow) {
    int id = nextLocalStreamId;
    nextLocalStreamId += 2;
    return put(new Http2Stream(id, sendWindow, recvWindow));
  }

  /** Opens stream 1, the request of an HTTP/1.1 {@code Upgrade} (RFC 7540, section 3.2). */
  Http2Stream openUpgradeStream(long sendWindow, int recvWindow) {
    if (server) {
      lastPeerStreamId = 1;
    } else {
      nextLocalStreamId = 3;
    }
    return put(new Http2Stream(1, sendWindow, recvWindow));
  }

  private Http2Stream put(Http2Stream s) {
    streams.put(s.id, s);
    if (isPeerInitiated(s.id)) {
      activePeerStreams++;
    } else {
      activeLocalStreams++;
    }
    return s;
  }

  /**
   * Takes a stream out of the table and marks it closed.
   *
   * @return whether it was in the table
   */
  boolean remove(Http2Stream s) {
    if (streams.remove(s.id) == null) {
      return false;
    }
    s.closed();
    if (isPeerInitiated(s.id)) {
      activePeerStreams--;
    } else {
      activeLocalStreams--;
    }
    return true;
  }

  /** This side reset the stream: frames still in flight on it are ignored. */
  void resetByUs(int id) {
    if (resetByUs == null) {
      resetByUs = new int[REMEMBERED_RESETS];
    }
    resetByUs[resetByUsNext++ % REMEMBERED_RESETS] = id;
  }

  /** The peer reset the stream: its frames on it are stream errors. */
  void resetByPeer(int id) {
    if (resetByPeer == null) {
      resetByPeer = new int[REMEMBERED_RESETS];
    }
    resetByPeer[resetByPeerNext++ % REMEMBERED_RESETS] = id;
  }

  /**
   * Judges a frame on a stream not in the table: on an idle stream it is a connection error; on a
   * closed one it is ignored, a stream error or a connection error, depending on how it closed.
   */
  void checkNotOpen(int streamId, String frame) throws Http2Exception {
    if (isIdle(streamId)) {
      throw Http2Exception.connectionError(PROTOCOL_ERROR, frame + " on idle stream " + streamId);
    }
    if (contains(resetByUs, streamId)) {
      return; // in flight when this side reset it
    }
    if (contains(resetByPeer, streamId)) {
      throw Http2Exception.streamError(streamId, STREAM_CLOSED, frame + " after RST_STREAM");
    }
    throw Http2Exception.connectionError(STREAM_CLOSED, frame + " on closed stream " + streamId);
  }

  private static boolean contains(int[] ring, int id) {
    if (ring == null) {
      return false;
    }
    for (int r : ring) {
      if (r == id) {
        return true;
      }
    }
    return false;
  }
}

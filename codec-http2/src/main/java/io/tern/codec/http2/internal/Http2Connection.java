package io.tern.codec.http2.internal;

import static io.tern.codec.http2.Http2Error.FLOW_CONTROL_ERROR;
import static io.tern.codec.http2.Http2Error.PROTOCOL_ERROR;
import static io.tern.codec.http2.Http2Error.STREAM_CLOSED;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.codec.http2.Http2DataFrame;
import io.tern.codec.http2.Http2Error;
import io.tern.codec.http2.Http2Exception;
import io.tern.codec.http2.Http2Frame;
import io.tern.codec.http2.Http2GoAwayFrame;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.codec.http2.Http2Limits;
import io.tern.codec.http2.Http2PingFrame;
import io.tern.codec.http2.Http2PriorityUpdateFrame;
import io.tern.codec.http2.Http2ResetFrame;
import io.tern.codec.http2.Http2Settings;
import io.tern.codec.http2.Http2SettingsAckFrame;
import io.tern.codec.http2.Http2SettingsFrame;
import io.tern.codec.http2.hpack.HpackDecoder;
import io.tern.codec.http2.hpack.HpackEncoder;
import io.tern.codec.http2.hpack.HpackException;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.Ticker;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * One HTTP/2 connection's state: the streams and their state machines (RFC 9113, section 5.1),
 * settings in both directions, the receive windows, GOAWAY, and the checks of every received frame
 * against them. It reads frames through {@link Http2FrameReader} (as its listener), writes frames
 * into {@link Output}, and hands what the application should see to {@link Events}. Sending DATA
 * under the peer's windows is {@link Http2OutboundFlow}'s job.
 *
 * <p><b>Closed streams.</b> A stream leaves the map when it closes; ids at or below the highest one
 * each side opened are "closed", above "idle". The last few ids this side reset, and those the peer
 * reset, are remembered (a small ring each), so that frames still in flight on a stream this side
 * reset are ignored, frames on a stream the peer reset are a stream error, and frames on any other
 * closed stream are a connection error, as section 5.1 asks.
 *
 * <p>Event loop only.
 */
final class Http2Connection implements Http2FrameReader.Listener {
  /** Where frames are written. */
  interface Output {
    /** The buffer control frames and headers are written into, in order with {@link #data}. */
    ByteBuf buffer();

    /** Writes a DATA payload after what {@link #buffer()} holds; takes ownership. */
    void data(ByteBuf payload, Promise<Void> promise);

    /** A control frame was written into {@link #buffer()}: for the queued-control-frame limit. */
    void controlFrameWritten() throws Http2Exception;
  }

  /** What the application sees. */
  interface Events {
    void frame(Http2Frame frame);

    void streamClosed(Http2Stream stream);
  }

  private static final int REMEMBERED_RESETS = 32;
  private static final float WINDOW_UPDATE_RATIO = 0.5f;

  final boolean server;
  private final Output output;
  private final Events events;
  final AbuseGuard guard;
  private final HpackDecoder decoder;
  final HpackEncoder encoder = new HpackEncoder();
  private final DecodedHeaders decoded;
  final Http2OutboundFlow flow;
  private final Http2FrameReader reader;

  private final Map<Integer, Http2Stream> streams = new HashMap<>();
  private int activePeerStreams;
  private int activeLocalStreams;
  private int lastPeerStreamId;
  private int nextLocalStreamId;
  private final int[] resetByUs = new int[REMEMBERED_RESETS];
  private final int[] resetByPeer = new int[REMEMBERED_RESETS];
  private int resetByUsNext;
  private int resetByPeerNext;

  // This side's settings: announced, and in force once acknowledged.
  private final Http2Settings localSettings;
  private Http2Settings unacknowledged;
  private int localInitialWindow = Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE;
  private long localMaxConcurrentStreams = Long.MAX_VALUE;
  private final int connectionWindowTarget;
  private int connRecvWindow = Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE;
  private int connRecvConsumed;

  // The peer's settings.
  private boolean peerSettingsReceived;
  private long peerMaxConcurrentStreams = Long.MAX_VALUE;
  int peerInitialWindow = Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE;
  int peerMaxFrameSize = Http2Settings.DEFAULT_MAX_FRAME_SIZE;
  long peerMaxHeaderListSize = Long.MAX_VALUE;

  private int goAwaySentLastId = -1;
  private int goAwayReceivedLastId = -1;

  Http2Connection(
      boolean server,
      Http2Settings localSettings,
      int connectionWindow,
      Http2Limits limits,
      Ticker ticker,
      ByteBufAllocator alloc,
      Output output,
      Events events) {
    this.server = server;
    this.output = output;
    this.events = events;
    this.localSettings = localSettings.copy();
    this.connectionWindowTarget = connectionWindow;
    this.guard = new AbuseGuard(limits, ticker);
    long listSize = localSettings.get(Http2Settings.MAX_HEADER_LIST_SIZE, 16_384);
    this.decoder = new HpackDecoder(listSize);
    this.decoded =
        new DecodedHeaders(localSettings.get(Http2Settings.ENABLE_CONNECT_PROTOCOL, 0) == 1);
    int blockLimit =
        limits.maxHeaderBlockSize() > 0
            ? limits.maxHeaderBlockSize()
            : (int) Math.min(Integer.MAX_VALUE - 1024, listSize * 2 + 1024);
    this.reader = new Http2FrameReader(alloc, blockLimit, limits.maxContinuationFrames());
    this.nextLocalStreamId = server ? 2 : 1;
    this.flow = new Http2OutboundFlow(this, output);
  }

  Http2FrameReader reader() {
    return reader;
  }

  // ---------------------------------------------------------------------------------------------
  // Start

  /**
   * Writes this side's SETTINGS (and the connection window increase): the start of the exchange.
   */
  void start() {
    ByteBuf out = output.buffer();
    Http2FrameWriter.settings(out, localSettings);
    unacknowledged = localSettings;
    int increase = connectionWindowTarget - Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE;
    if (increase > 0) {
      Http2FrameWriter.windowUpdate(out, 0, increase);
      connRecvWindow += increase;
    }
  }

  /**
   * Takes over stream 1 from an HTTP/1.1 {@code Upgrade} (RFC 7540, section 3.2): the request that
   * asked for the upgrade becomes stream 1, half-closed on the client's side. A server applies the
   * client's {@code HTTP2-Settings} (acknowledged by the {@code 101} itself, so no SETTINGS ACK)
   * and hands the request to the application; a client waits for the response on stream 1.
   *
   * @param peerSettings the client's settings from {@code HTTP2-Settings} (server), or {@code null}
   * @param request the upgraded request's headers (server), or {@code null} (client)
   */
  void upgradeStream(Http2Settings peerSettings, Http2Headers request) throws Http2Exception {
    if (server) {
      if (peerSettings != null) {
        applyPeerSettings(peerSettings);
      }
      lastPeerStreamId = 1;
      Http2Stream s = open(1);
      s.headersReceived = true;
      s.remoteEnded();
      events.frame(new Http2HeadersFrame(1, request, true));
    } else {
      nextLocalStreamId = 3;
      Http2Stream s = open(1);
      s.headersSent = true;
      s.localEnded();
    }
  }

  /** Whether this side's settings wait for the peer's acknowledgement. */
  boolean settingsUnacknowledged() {
    return unacknowledged != null;
  }

  /** Sends new settings; they apply once acknowledged. */
  void sendSettings(Http2Settings settings) {
    Http2FrameWriter.settings(output.buffer(), settings);
    unacknowledged = settings.copy();
  }

  boolean peerSettingsReceived() {
    return peerSettingsReceived;
  }

  // ---------------------------------------------------------------------------------------------
  // Streams

  Http2Stream stream(int id) {
    return streams.get(id);
  }

  int activeStreams() {
    return streams.size();
  }

  int lastPeerStreamId() {
    return lastPeerStreamId;
  }

  private boolean isPeerInitiated(int id) {
    return ((id & 1) == 1) == server;
  }

  private boolean isIdle(int id) {
    return isPeerInitiated(id) ? id > lastPeerStreamId : id >= nextLocalStreamId;
  }

  private static boolean contains(int[] ring, int id) {
    for (int r : ring) {
      if (r == id) {
        return true;
      }
    }
    return false;
  }

  private Http2Stream open(int id) {
    Http2Stream s = new Http2Stream(id, peerInitialWindow, localInitialWindow);
    streams.put(id, s);
    if (isPeerInitiated(id)) {
      activePeerStreams++;
    } else {
      activeLocalStreams++;
    }
    return s;
  }

  /** Removes a stream that reached CLOSED; releases what waited to be sent on it. */
  void close(Http2Stream s) {
    if (streams.remove(s.id) == null) {
      return;
    }
    s.state = Http2Stream.State.CLOSED;
    if (isPeerInitiated(s.id)) {
      activePeerStreams--;
    } else {
      activeLocalStreams--;
    }
    flow.discard(s);
    events.streamClosed(s);
  }

  private void closeIfDone(Http2Stream s) {
    // A stream whose last frames still wait for window stays until they are sent.
    if (s.state == Http2Stream.State.CLOSED && !flow.hasPending(s)) {
      close(s);
    }
  }

  /**
   * Resets a stream because of a stream error (or the application's wish): writes RST_STREAM,
   * closes the stream, remembers the id so frames still in flight are ignored.
   */
  void resetStream(int id, long errorCode) throws Http2Exception {
    Http2FrameWriter.rstStream(output.buffer(), id, errorCode);
    output.controlFrameWritten();
    resetByUs[resetByUsNext++ % REMEMBERED_RESETS] = id;
    Http2Stream s = streams.get(id);
    if (s != null) {
      close(s);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Inbound frames

  @Override
  public void onData(int streamId, ByteBuf data, int flowControlled, boolean endStream)
      throws Http2Exception {
    if (flowControlled > connRecvWindow) {
      throw Http2Exception.connectionError(FLOW_CONTROL_ERROR, "connection window exceeded");
    }
    connRecvWindow -= flowControlled;
    Http2Stream s = streams.get(streamId);
    if (s == null || !s.canReceive()) {
      consumeConnection(flowControlled); // nobody will read these bytes
      if (s != null) {
        throw Http2Exception.streamError(streamId, STREAM_CLOSED, "DATA after END_STREAM");
      }
      checkClosedStream(streamId, "DATA");
      return;
    }
    if (flowControlled > s.recvWindow) {
      consumeConnection(flowControlled);
      throw Http2Exception.streamError(streamId, FLOW_CONTROL_ERROR, "stream window exceeded");
    }
    s.recvWindow -= flowControlled;
    int length = data.readableBytes();
    guard.emptyData(s, length == 0 && !endStream);
    s.receivedContent += length;
    if (s.expectedContent >= 0
        && (s.receivedContent > s.expectedContent
            || (endStream && s.receivedContent != s.expectedContent))) {
      consumeConnection(flowControlled);
      throw Http2Exception.streamError(
          streamId, PROTOCOL_ERROR, "content-length does not match the DATA received");
    }
    int padding = flowControlled - length;
    if (endStream) {
      s.remoteEnded();
    }
    // Padding is returned at once; the data when the application consumed it.
    if (padding > 0) {
      consume(s, padding);
    }
    events.frame(new Http2DataFrame(streamId, data.retainedSlice(), endStream, padding));
    closeIfDone(s);
  }

  /** Frames on a stream not in the map: idle is a connection error, closed depends on how. */
  private void checkClosedStream(int streamId, String frame) throws Http2Exception {
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

  /** The application consumed {@code n} received bytes of a stream: maybe send WINDOW_UPDATEs. */
  void consume(Http2Stream s, int n) throws Http2Exception {
    consumeConnection(n);
    if (s != null && s.canReceive() && streams.get(s.id) == s) {
      s.recvConsumed += n;
      if (s.recvConsumed >= localInitialWindow * WINDOW_UPDATE_RATIO) {
        Http2FrameWriter.windowUpdate(output.buffer(), s.id, s.recvConsumed);
        s.recvWindow += s.recvConsumed;
        s.recvConsumed = 0;
      }
    }
  }

  private void consumeConnection(int n) {
    connRecvConsumed += n;
    if (connRecvConsumed >= connectionWindowTarget * WINDOW_UPDATE_RATIO) {
      Http2FrameWriter.windowUpdate(output.buffer(), 0, connRecvConsumed);
      connRecvWindow += connRecvConsumed;
      connRecvConsumed = 0;
    }
  }

  @Override
  public void onHeaders(int streamId, ByteBuf block, boolean endStream, int dependency)
      throws Http2Exception {
    Http2Stream s = streams.get(streamId);
    DecodedHeaders.Kind kind;
    if (s != null && s.headersReceived) {
      kind = DecodedHeaders.Kind.TRAILERS;
    } else {
      kind = server ? DecodedHeaders.Kind.REQUEST : DecodedHeaders.Kind.RESPONSE;
    }
    decoded.begin(kind);
    boolean withinListSize;
    try {
      withinListSize = decoder.decode(block, decoded);
    } catch (HpackException e) {
      throw Http2Exception.connectionError(Http2Error.COMPRESSION_ERROR, e.getMessage(), e);
    }
    String problem = decoded.finish();
    Http2Headers headers = decoded.headers();

    if (s == null) {
      if (!isPeerInitiated(streamId)) {
        if (isIdle(streamId) || !server) {
          // A client never receives HEADERS on a stream it did not open (no push here).
          throw Http2Exception.connectionError(
              PROTOCOL_ERROR, "HEADERS on stream " + streamId + " this side did not open");
        }
        checkClosedStream(streamId, "HEADERS");
        return;
      }
      if (!isIdle(streamId)) {
        checkClosedStream(streamId, "HEADERS");
        return;
      }
      lastPeerStreamId = streamId;
      if (goAwaySentLastId >= 0 && streamId > goAwaySentLastId) {
        return; // after our GOAWAY: not processed, the peer retries elsewhere
      }
      if (activePeerStreams >= localMaxConcurrentStreams) {
        throw Http2Exception.streamError(
            streamId, Http2Error.REFUSED_STREAM, "SETTINGS_MAX_CONCURRENT_STREAMS reached");
      }
      s = open(streamId);
    } else if (!s.canReceive()) {
      throw Http2Exception.streamError(streamId, STREAM_CLOSED, "HEADERS after END_STREAM");
    }
    if (dependency == streamId) {
      throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "stream depends on itself");
    }
    if (problem != null) {
      throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, problem);
    }
    if (!withinListSize) {
      throw Http2Exception.streamError(
          streamId,
          Http2Error.PROTOCOL_ERROR,
          "header list larger than SETTINGS_MAX_HEADER_LIST_SIZE");
    }
    if (kind == DecodedHeaders.Kind.TRAILERS) {
      if (!endStream) {
        throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "trailers without END_STREAM");
      }
      if (s.expectedContent >= 0 && s.receivedContent != s.expectedContent) {
        throw Http2Exception.streamError(
            streamId, PROTOCOL_ERROR, "content-length does not match the DATA received");
      }
    } else {
      boolean informational = !server && isInformationalStatus(headers);
      if (informational && endStream) {
        throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "1xx with END_STREAM");
      }
      if (!informational) {
        s.headersReceived = true;
        CharSequence length = headers.get("content-length");
        if (length != null) {
          s.expectedContent = parseContentLength(streamId, length);
          if (endStream && s.expectedContent != 0 && server) {
            throw Http2Exception.streamError(
                streamId, PROTOCOL_ERROR, "content-length with END_STREAM and no content");
          }
        }
      }
    }
    if (endStream) {
      s.remoteEnded();
    }
    events.frame(new Http2HeadersFrame(streamId, headers, endStream));
    closeIfDone(s);
  }

  private static boolean isInformationalStatus(Http2Headers headers) {
    CharSequence status = headers.status();
    return status != null && status.length() == 3 && status.charAt(0) == '1';
  }

  private static long parseContentLength(int streamId, CharSequence value) throws Http2Exception {
    long n = 0;
    int len = value.length();
    if (len == 0 || len > 18) {
      throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "invalid content-length");
    }
    for (int i = 0; i < len; i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "invalid content-length");
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }

  @Override
  public void onPriority(int streamId, int dependency) throws Http2Exception {
    if (dependency == streamId) {
      throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "stream depends on itself");
    }
    // The RFC 7540 priority tree is deprecated (RFC 9113, section 5.3.2): parsed, then ignored.
  }

  @Override
  public void onRstStream(int streamId, long errorCode) throws Http2Exception {
    Http2Stream s = streams.get(streamId);
    if (s == null) {
      if (isIdle(streamId)) {
        throw Http2Exception.connectionError(
            PROTOCOL_ERROR, "RST_STREAM on idle stream " + streamId);
      }
      return;
    }
    guard.reset();
    resetByPeer[resetByPeerNext++ % REMEMBERED_RESETS] = streamId;
    close(s);
    events.frame(new Http2ResetFrame(streamId, errorCode));
  }

  @Override
  public void onSettings(Http2Settings settings) throws Http2Exception {
    guard.settings();
    peerSettingsReceived = true;
    Integer window = applyPeerSettings(settings);
    Http2FrameWriter.settingsAck(output.buffer());
    output.controlFrameWritten();
    events.frame(new Http2SettingsFrame(settings));
    if (window != null) {
      flow.requeueAll(streams.values());
      flow.writePending();
    }
  }

  /** Applies the peer's settings; returns the new initial window size if it changed. */
  private Integer applyPeerSettings(Http2Settings settings) throws Http2Exception {
    Long tableSize = settings.headerTableSize();
    if (tableSize != null) {
      encoder.maxHeaderTableSize(tableSize);
    }
    Boolean push = settings.pushEnabled();
    if (push != null && push && !server) {
      throw Http2Exception.connectionError(PROTOCOL_ERROR, "server sent SETTINGS_ENABLE_PUSH=1");
    }
    Long concurrent = settings.maxConcurrentStreams();
    if (concurrent != null) {
      peerMaxConcurrentStreams = concurrent;
    }
    Integer window = settings.initialWindowSize();
    if (window != null) {
      int delta = window - peerInitialWindow;
      peerInitialWindow = window;
      for (Http2Stream s : streams.values()) {
        s.sendWindow += delta;
        if (s.sendWindow > Http2Settings.MAX_WINDOW_SIZE) {
          throw Http2Exception.connectionError(
              FLOW_CONTROL_ERROR, "SETTINGS_INITIAL_WINDOW_SIZE overflows a stream window");
        }
      }
    }
    Integer frameSize = settings.maxFrameSize();
    if (frameSize != null) {
      peerMaxFrameSize = frameSize;
    }
    Long listSize = settings.maxHeaderListSize();
    if (listSize != null) {
      peerMaxHeaderListSize = listSize;
    }
    return window;
  }

  @Override
  public void onSettingsAck() throws Http2Exception {
    Http2Settings s = unacknowledged;
    if (s == null) {
      return;
    }
    unacknowledged = null;
    Long tableSize = s.headerTableSize();
    if (tableSize != null) {
      decoder.maxHeaderTableSize(tableSize);
    }
    Integer frameSize = s.maxFrameSize();
    if (frameSize != null) {
      reader.maxFrameSize(frameSize);
    }
    Long listSize = s.maxHeaderListSize();
    if (listSize != null) {
      decoder.maxHeaderListSize(listSize);
    }
    Long concurrent = s.maxConcurrentStreams();
    if (concurrent != null) {
      localMaxConcurrentStreams = concurrent;
    }
    Integer window = s.initialWindowSize();
    if (window != null) {
      int delta = window - localInitialWindow;
      localInitialWindow = window;
      for (Http2Stream st : streams.values()) {
        st.recvWindow += delta;
      }
    }
    events.frame(Http2SettingsAckFrame.INSTANCE);
  }

  @Override
  public void onPing(long content, boolean ack) throws Http2Exception {
    if (ack) {
      events.frame(new Http2PingFrame(content, true));
      return;
    }
    guard.ping();
    Http2FrameWriter.ping(output.buffer(), content, true);
    output.controlFrameWritten();
  }

  @Override
  public void onPushPromise(int streamId, int promisedStreamId, ByteBuf block)
      throws Http2Exception {
    // Servers never receive pushes; this client announces SETTINGS_ENABLE_PUSH=0.
    throw Http2Exception.connectionError(PROTOCOL_ERROR, "PUSH_PROMISE with push disabled");
  }

  @Override
  public void onGoAway(int lastStreamId, long errorCode, ByteBuf debugData) throws Http2Exception {
    goAwayReceivedLastId = lastStreamId;
    for (Http2Stream s : streams.values().toArray(new Http2Stream[0])) {
      if (!isPeerInitiated(s.id) && s.id > lastStreamId) {
        close(s);
        events.frame(new Http2ResetFrame(s.id, Http2Error.REFUSED_STREAM));
      }
    }
    events.frame(new Http2GoAwayFrame(lastStreamId, errorCode, debugData.copy()));
  }

  boolean goAwayReceived() {
    return goAwayReceivedLastId >= 0;
  }

  boolean goAwaySent() {
    return goAwaySentLastId >= 0;
  }

  @Override
  public void onWindowUpdate(int streamId, int increment) throws Http2Exception {
    if (streamId == 0) {
      if (increment == 0) {
        throw Http2Exception.connectionError(PROTOCOL_ERROR, "WINDOW_UPDATE of 0");
      }
      flow.connectionWindowUpdate(increment);
      return;
    }
    Http2Stream s = streams.get(streamId);
    if (s == null) {
      if (isIdle(streamId)) {
        throw Http2Exception.connectionError(
            PROTOCOL_ERROR, "WINDOW_UPDATE on idle stream " + streamId);
      }
      if (increment == 0) {
        guard.zeroWindowUpdate();
      }
      return; // closed: may be in flight
    }
    if (increment == 0) {
      guard.zeroWindowUpdate();
      throw Http2Exception.streamError(streamId, PROTOCOL_ERROR, "WINDOW_UPDATE of 0");
    }
    flow.streamWindowUpdate(s, increment);
  }

  @Override
  public void onPriorityUpdate(int prioritizedStreamId, ByteBuf priorityFieldValue)
      throws Http2Exception {
    if (prioritizedStreamId == 0) {
      throw Http2Exception.connectionError(PROTOCOL_ERROR, "PRIORITY_UPDATE for stream 0");
    }
    if (server && !isPeerInitiated(prioritizedStreamId)) {
      throw Http2Exception.connectionError(
          PROTOCOL_ERROR, "PRIORITY_UPDATE for a stream the client cannot open");
    }
    events.frame(
        new Http2PriorityUpdateFrame(
            prioritizedStreamId, priorityFieldValue.toString(StandardCharsets.ISO_8859_1)));
  }

  // ---------------------------------------------------------------------------------------------
  // Outbound

  /**
   * Sends a header section; opens a stream when {@code streamId} is 0 (clients).
   *
   * @return the stream id used
   */
  int writeHeaders(int streamId, Http2Headers headers, boolean endStream, int padding)
      throws Http2Exception {
    Http2Stream s;
    if (streamId == 0) {
      if (server) {
        throw Http2Exception.connectionError(PROTOCOL_ERROR, "servers do not open streams");
      }
      if (goAwayReceived()) {
        throw Http2Exception.streamError(
            nextLocalStreamId, Http2Error.REFUSED_STREAM, "GOAWAY received");
      }
      if (activeLocalStreams >= peerMaxConcurrentStreams) {
        throw Http2Exception.streamError(
            nextLocalStreamId,
            Http2Error.REFUSED_STREAM,
            "peer's SETTINGS_MAX_CONCURRENT_STREAMS reached");
      }
      streamId = nextLocalStreamId;
      nextLocalStreamId += 2;
      s = open(streamId);
    } else {
      s = streams.get(streamId);
      if (s == null || !s.canSend()) {
        throw Http2Exception.streamError(streamId, STREAM_CLOSED, "stream closed");
      }
    }
    if (flow.hasPending(s)) {
      flow.enqueueHeaders(s, new Http2HeadersFrame(streamId, headers, endStream, padding));
      return streamId;
    }
    writeHeadersNow(s, headers, endStream, padding);
    return streamId;
  }

  void writeHeadersNow(Http2Stream s, Http2Headers headers, boolean endStream, int padding) {
    Http2FrameWriter.headers(
        output.buffer(), encoder, s.id, headers, endStream, padding, peerMaxFrameSize);
    s.headersSent = true;
    if (endStream) {
      s.localEnded();
      closeIfDone(s);
    }
  }

  void writePing(long content) {
    Http2FrameWriter.ping(output.buffer(), content, false);
  }

  /**
   * Sends GOAWAY: from now on no stream above the last one the peer opened is processed.
   *
   * @return the last stream id it carried
   */
  int writeGoAway(long errorCode, String debug) {
    int last =
        goAwaySentLastId >= 0 ? Math.min(goAwaySentLastId, lastPeerStreamId) : lastPeerStreamId;
    goAwaySentLastId = last;
    ByteBuf out = output.buffer();
    byte[] d = debug == null ? new byte[0] : debug.getBytes(StandardCharsets.UTF_8);
    Http2FrameWriter.frameHeader(out, 8 + d.length, Http2FrameTypes.GOAWAY, 0, 0);
    out.writeInt(last);
    out.writeInt((int) errorCode);
    out.writeBytes(d);
    return last;
  }

  /** Releases what the connection holds. */
  void close() {
    reader.close();
    for (Http2Stream s : streams.values().toArray(new Http2Stream[0])) {
      close(s);
    }
  }
}

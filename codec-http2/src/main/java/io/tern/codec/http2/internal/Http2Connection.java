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

/**
 * One HTTP/2 connection's protocol logic: every received frame checked against the connection's
 * state and turned into what the application sees, settings negotiated in both directions, headers
 * sent, GOAWAY. It reads frames through {@link Http2FrameReader} (as its listener), writes frames
 * into {@link Output}, and hands what the application should see to {@link Events}.
 *
 * <p>The state it judges frames by lives in parts it owns, each one concept: {@link
 * Http2StreamTable} (the streams by id, idle and closed ids, how a closed stream closed, the
 * concurrency counts), {@link Http2InboundFlow} (the windows this side grants, window updates as
 * the application consumes), {@link Http2OutboundFlow} (DATA under the peer's windows, shared
 * fairly among streams), {@link Http2MessageFraming} (headers, DATA and trailers of a received
 * message against {@code content-length}), {@link AbuseGuard} (the flood limits) and the HPACK
 * encoder and decoder. A stream's own state machine is {@link Http2Stream}.
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

  private final boolean server;
  private final Output output;
  private final Events events;
  private final AbuseGuard guard;
  private final HpackDecoder decoder;
  private final HpackEncoder encoder = new HpackEncoder();
  private final DecodedHeaders decoded;
  private final Http2StreamTable streams;
  private final Http2InboundFlow inbound;
  private final Http2OutboundFlow flow;
  private final Http2FrameReader reader;

  // This side's settings: announced, and in force once acknowledged.
  private final Http2Settings localSettings;
  private Http2Settings unacknowledged;
  private long localMaxConcurrentStreams = Long.MAX_VALUE;

  // The peer's settings (its initial window is the outbound flow's).
  private boolean peerSettingsReceived;
  private long peerMaxConcurrentStreams = Long.MAX_VALUE;
  private int peerMaxFrameSize = Http2Settings.DEFAULT_MAX_FRAME_SIZE;

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
    this.streams = new Http2StreamTable(server);
    this.inbound = new Http2InboundFlow(connectionWindow, output);
    this.flow = new Http2OutboundFlow(this, output);
  }

  Http2FrameReader reader() {
    return reader;
  }

  AbuseGuard guard() {
    return guard;
  }

  Http2OutboundFlow flow() {
    return flow;
  }

  /** The largest frame payload the peer accepts. */
  int peerMaxFrameSize() {
    return peerMaxFrameSize;
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
    inbound.start(out);
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
      Http2Stream s = streams.openUpgradeStream(flow.initialWindow(), inbound.initialWindow());
      s.headersReceived(-1);
      s.remoteEnded();
      events.frame(new Http2HeadersFrame(1, request, true));
    } else {
      Http2Stream s = streams.openUpgradeStream(flow.initialWindow(), inbound.initialWindow());
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
    return streams.lastPeerStreamId();
  }

  /** Removes a stream that reached CLOSED; releases what waited to be sent on it. */
  void close(Http2Stream s) {
    if (!streams.remove(s)) {
      return;
    }
    flow.discard(s);
    events.streamClosed(s);
  }

  private void closeIfDone(Http2Stream s) {
    // A stream whose last frames still wait for window stays until they are sent.
    if (s.isClosed() && !flow.hasPending(s)) {
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
    streams.resetByUs(id);
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
    inbound.receivedOnConnection(flowControlled);
    Http2Stream s = streams.get(streamId);
    if (s == null || !s.canReceive()) {
      inbound.consumedOnConnection(flowControlled); // nobody will read these bytes
      if (s != null) {
        throw Http2Exception.streamError(streamId, STREAM_CLOSED, "DATA after END_STREAM");
      }
      streams.checkNotOpen(streamId, "DATA");
      return;
    }
    if (!inbound.receivedOnStream(s, flowControlled)) {
      inbound.consumedOnConnection(flowControlled);
      throw Http2Exception.streamError(streamId, FLOW_CONTROL_ERROR, "stream window exceeded");
    }
    int length = data.readableBytes();
    guard.emptyData(s, length == 0 && !endStream);
    if (!Http2MessageFraming.dataReceived(s, length, endStream)) {
      inbound.consumedOnConnection(flowControlled);
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

  /** The application consumed {@code n} received bytes of a stream: maybe send WINDOW_UPDATEs. */
  void consume(Http2Stream s, int n) throws Http2Exception {
    inbound.consumedOnConnection(n);
    if (s != null && s.canReceive() && streams.get(s.id) == s) {
      inbound.consumedOnStream(s, n);
    }
  }

  @Override
  public void onHeaders(int streamId, ByteBuf block, boolean endStream, int dependency)
      throws Http2Exception {
    Http2Stream s = streams.get(streamId);
    DecodedHeaders.Kind kind = Http2MessageFraming.nextBlock(s, server);
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
      if (!streams.isPeerInitiated(streamId)) {
        if (streams.isIdle(streamId) || !server) {
          // A client never receives HEADERS on a stream it did not open (no push here).
          throw Http2Exception.connectionError(
              PROTOCOL_ERROR, "HEADERS on stream " + streamId + " this side did not open");
        }
        streams.checkNotOpen(streamId, "HEADERS");
        return;
      }
      if (!streams.isIdle(streamId)) {
        streams.checkNotOpen(streamId, "HEADERS");
        return;
      }
      streams.peerStreamSeen(streamId);
      if (goAwaySentLastId >= 0 && streamId > goAwaySentLastId) {
        return; // after our GOAWAY: not processed, the peer retries elsewhere
      }
      if (streams.activePeerStreams() >= localMaxConcurrentStreams) {
        throw Http2Exception.streamError(
            streamId, Http2Error.REFUSED_STREAM, "SETTINGS_MAX_CONCURRENT_STREAMS reached");
      }
      s = streams.openPeerStream(streamId, flow.initialWindow(), inbound.initialWindow());
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
    Http2MessageFraming.headersReceived(s, kind, headers, endStream, server);
    if (endStream) {
      s.remoteEnded();
    }
    events.frame(new Http2HeadersFrame(streamId, headers, endStream));
    closeIfDone(s);
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
      if (streams.isIdle(streamId)) {
        throw Http2Exception.connectionError(
            PROTOCOL_ERROR, "RST_STREAM on idle stream " + streamId);
      }
      return;
    }
    guard.reset();
    streams.resetByPeer(streamId);
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
      flow.requeueAll(streams.streams());
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
      flow.initialWindowChanged(window, streams.streams());
    }
    Integer frameSize = settings.maxFrameSize();
    if (frameSize != null) {
      peerMaxFrameSize = frameSize;
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
      inbound.initialWindowAcknowledged(window, streams.streams());
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
    for (Http2Stream s : streams.snapshot()) {
      if (!streams.isPeerInitiated(s.id) && s.id > lastStreamId) {
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
      if (streams.isIdle(streamId)) {
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
    if (server && !streams.isPeerInitiated(prioritizedStreamId)) {
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
            streams.nextLocalStreamId(), Http2Error.REFUSED_STREAM, "GOAWAY received");
      }
      if (streams.activeLocalStreams() >= peerMaxConcurrentStreams) {
        throw Http2Exception.streamError(
            streams.nextLocalStreamId(),
            Http2Error.REFUSED_STREAM,
            "peer's SETTINGS_MAX_CONCURRENT_STREAMS reached");
      }
      s = streams.openLocalStream(flow.initialWindow(), inbound.initialWindow());
      streamId = s.id;
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
    writeHeaderBlock(s.id, headers, endStream, padding);
    if (endStream) {
      s.localEnded();
      closeIfDone(s);
    }
  }

  /** Encodes and writes a header block, whatever the stream's state (it moved already). */
  void writeHeaderBlock(int streamId, Http2Headers headers, boolean endStream, int padding) {
    Http2FrameWriter.headers(
        output.buffer(), encoder, streamId, headers, endStream, padding, peerMaxFrameSize);
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
    int lastPeer = streams.lastPeerStreamId();
    int last = goAwaySentLastId >= 0 ? Math.min(goAwaySentLastId, lastPeer) : lastPeer;
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
    for (Http2Stream s : streams.snapshot()) {
      close(s);
    }
  }
}

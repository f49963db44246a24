package io.tern.codec.http2.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.codec.http2.Http2DataFrame;
import io.tern.codec.http2.Http2Error;
import io.tern.codec.http2.Http2Exception;
import io.tern.codec.http2.Http2Frame;
import io.tern.codec.http2.Http2FrameCodec;
import io.tern.codec.http2.Http2GoAwayFrame;
import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.codec.http2.Http2Limits;
import io.tern.codec.http2.Http2PingFrame;
import io.tern.codec.http2.Http2ResetFrame;
import io.tern.codec.http2.Http2Settings;
import io.tern.codec.http2.Http2SettingsAckFrame;
import io.tern.codec.http2.Http2SettingsFrame;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.AbstractScheduledEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.common.concurrent.Ticker;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.concurrent.TimeUnit;

/**
 * The implementation of {@link Http2FrameCodec}: the connection engine ({@link Http2Connection})
 * bound to a channel, with the preface check, the cumulation of inbound bytes, the batching of
 * outbound frames into one buffer per flush, and the SETTINGS acknowledgement timer.
 *
 * <p>One instance per channel, called on its event loop.
 */
public final class FrameCodecHandler implements Http2FrameCodec {
  private final boolean server;
  private final Http2Settings initialSettings;
  private final int connectionWindow;
  private final Http2Limits limits;

  private ChannelHandlerContext ctx;
  private Http2Connection connection;
  private ByteBuf cumulation;
  private ByteBuf out;
  private int controlFramesInOut;
  private int queuedControlFrames;
  private int
      prefaceMatched; // bytes of the client preface seen (server), Http2FrameTypes.PREFACE_LENGTH
  // when done
  private boolean firstFrameChecked;
  private boolean started;
  private boolean closing;
  private boolean failed;
  private boolean readInProgress;
  private ScheduledFuture<?> settingsTimeout;
  private StreamObserver observer;
  // The peer announced SETTINGS_ENABLE_CONNECT_PROTOCOL=1 (RFC 8441): a client may send :protocol.
  private boolean peerConnectProtocol;

  /**
   * What a multiplexer after the codec learns beyond the frames it reads. While one observes, the
   * codec no longer returns received DATA to the peer's windows as it passes the frames on: the
   * multiplexer does, through {@link #returnBytes}, once a stream's reader consumed them.
   */
  interface StreamObserver {
    /**
     * A {@code HEADERS} frame written with stream id 0 opened a stream.
     *
     * @param streamId the id it got
     * @param promise the promise the frame was written with
     */
    void localStreamOpened(int streamId, Promise<Void> promise);

    /**
     * A stream left the connection: closed in both directions, reset, or the connection ended.
     *
     * @param streamId the stream
     */
    void streamClosed(int streamId);
  }

  /**
   * Creates the codec of one channel.
   *
   * @param server whether this is the server side
   * @param initialSettings the settings this side announces (owned by the codec from now on)
   * @param connectionWindow the connection-level receive window
   * @param limits the abuse limits
   */
  public FrameCodecHandler(
      boolean server, Http2Settings initialSettings, int connectionWindow, Http2Limits limits) {
    this.server = server;
    this.initialSettings = initialSettings;
    this.connectionWindow = connectionWindow;
    this.limits = limits;
  }

  @Override
  public boolean isServer() {
    return server;
  }

  @Override
  public int activeStreams() {
    return connection == null ? 0 : connection.activeStreams();
  }

  /** Called by the multiplexer when it joins the pipeline; see {@link StreamObserver}. */
  void observe(StreamObserver observer) {
    this.observer = observer;
  }

  /**
   * Returns received bytes of a stream to the peer's windows (the connection's, and the stream's
   * while it is open), as the multiplexer's stream channels consume them. The WINDOW_UPDATE frames
   * this may produce go out with the next flush of the channel.
   *
   * @param streamId the stream
   * @param bytes bytes consumed
   */
  void returnBytes(int streamId, int bytes) {
    if (failed || bytes <= 0) {
      return;
    }
    try {
      connection.consume(connection.stream(streamId), bytes);
    } catch (Http2Exception e) {
      connectionError(e);
    }
  }

  /**
   * Returns how many bytes of DATA a stream may hand to the codec now without waiting in the
   * codec's queue: the stream's send window less what already waits.
   *
   * @param streamId the stream
   * @return bytes (0 or less when the stream's window is used up), or -1 if the stream cannot send
   */
  long sendableBytes(int streamId) {
    Http2Stream s = failed || connection == null ? null : connection.stream(streamId);
    if (s == null || !s.canSend()) {
      return -1;
    }
    return s.outbound.unclaimedWindow();
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
    ByteBufAllocator alloc = ctx.alloc();
    Ticker ticker =
        ctx.executor() instanceof AbstractScheduledEventExecutor e ? e.ticker() : Ticker.system();
    connection =
        new Http2Connection(
            server,
            initialSettings,
            connectionWindow,
            limits,
            ticker,
            alloc,
            new Output(),
            new Events());
    if (server) {
      prefaceMatched = 0;
    } else {
      prefaceMatched = Http2FrameTypes.PREFACE_LENGTH;
      firstFrameChecked = false;
    }
    if (ctx.channel().isActive()) {
      start();
    }
  }

  /**
   * Continues an HTTP/1.1 connection upgraded to HTTP/2 (RFC 7540, section 3.2): call once the
   * codec is in the pipeline, after the {@code 101} was written (server) or received (client), and
   * after the handlers that should see stream 1.
   *
   * @param peerSettings the client's {@code HTTP2-Settings} (server), or {@code null} (client)
   * @param request the request that asked for the upgrade (server; becomes stream 1), or {@code
   *     null} (client: stream 1 waits for its response)
   */
  public void upgrade(Http2Settings peerSettings, Http2Headers request) {
    if (ctx == null || failed) {
      throw new IllegalStateException("the codec is not in a pipeline");
    }
    try {
      connection.upgradeStream(peerSettings, request);
    } catch (Http2Exception e) {
      connectionError(e);
    }
    flushOut();
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    start();
    ctx.fireChannelActive();
  }

  private void start() {
    if (started) {
      return;
    }
    started = true;
    if (!server) {
      buffer().writeBytes(Http2FrameTypes.preface());
    }
    connection.start();
    settingsTimeout =
        ctx.executor()
            .schedule(
                this::settingsTimedOut, limits.settingsAckTimeoutMillis(), TimeUnit.MILLISECONDS);
    flushOut();
  }

  private void settingsTimedOut() {
    if (connection.settingsUnacknowledged() && !failed) {
      connectionError(
          Http2Exception.connectionError(
              Http2Error.SETTINGS_TIMEOUT, "SETTINGS not acknowledged in time"));
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Inbound

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (!(msg instanceof ByteBuf buf)) {
      ctx.fireChannelRead(msg);
      return;
    }
    if (failed) {
      buf.release();
      return;
    }
    ByteBuf in;
    if (cumulation == null) {
      in = buf;
    } else {
      cumulation.writeBytes(buf);
      buf.release();
      in = cumulation;
    }
    readInProgress = true;
    try {
      decode(in);
    } finally {
      readInProgress = false;
      if (!ctx.channel().isOpen() && out != null) {
        out.release(); // frames answered after the channel closed under the read
        out = null;
      }
      if (in.isReadable() && !failed) {
        if (in != cumulation) {
          cumulation = ctx.alloc().buffer(Math.max(in.readableBytes() * 2, 1024));
          cumulation.writeBytes(in);
          in.release();
        } else if (cumulation.refCnt() == 1) {
          // Only while no DATA frame still holds a slice of it: moving bytes would change theirs.
          cumulation.discardSomeReadBytes();
        }
      } else {
        in.release();
        if (in == cumulation) {
          cumulation = null;
        }
      }
    }
  }

  private void decode(ByteBuf in) {
    if (prefaceMatched < Http2FrameTypes.PREFACE_LENGTH && !readPreface(in)) {
      return;
    }
    if (!firstFrameChecked) {
      if (in.readableBytes() < Http2FrameTypes.FRAME_HEADER_LENGTH) {
        return;
      }
      firstFrameChecked = true;
      if (in.getUnsignedByte(in.readerIndex() + 3) != Http2FrameTypes.SETTINGS
          || (in.getUnsignedByte(in.readerIndex() + 4) & Http2FrameTypes.FLAG_ACK) != 0) {
        connectionError(
            Http2Exception.connectionError(
                Http2Error.PROTOCOL_ERROR, "the first frame is not SETTINGS"));
        return;
      }
    }
    while (!failed) {
      try {
        connection.reader().read(in, connection);
        return;
      } catch (Http2Exception e) {
        if (e.isConnectionError()) {
          connectionError(e);
          return;
        }
        if (!streamError(e)) {
          return;
        }
        // Go on with the frames after the one that failed.
      }
    }
  }

  // Matches the client preface; the check runs once per connection, never per frame.
  private boolean readPreface(ByteBuf in) {
    while (prefaceMatched < Http2FrameTypes.PREFACE_LENGTH && in.isReadable()) {
      if (in.readByte() != Http2FrameTypes.prefaceByte(prefaceMatched)) {
        failed = true;
        in.skipBytes(in.readableBytes());
        // Not HTTP/2: GOAWAY as RFC 9113 section 3.4 asks, then close.
        ByteBuf b = buffer();
        Http2FrameWriter.frameHeader(b, 8, Http2FrameTypes.GOAWAY, 0, 0);
        b.writeInt(0);
        b.writeInt((int) Http2Error.PROTOCOL_ERROR.code());
        flushOut();
        ctx.close();
        return false;
      }
      prefaceMatched++;
    }
    return prefaceMatched == Http2FrameTypes.PREFACE_LENGTH;
  }

  private boolean streamError(Http2Exception e) {
    try {
      connection.guard().provokedReset();
      connection.resetStream(e.streamId(), e.error().code());
      ctx.fireChannelRead(new Http2ResetFrame(e.streamId(), e.error().code()));
      return true;
    } catch (Http2Exception calm) {
      connectionError(calm);
      return false;
    }
  }

  private void connectionError(Http2Exception e) {
    if (failed) {
      return;
    }
    failed = true;
    if (cumulation != null && !readInProgress) {
      cumulation.release();
      cumulation = null;
    }
    connection.writeGoAway(e.error().code(), e.getMessage());
    flushOut();
    ctx.close();
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    flushOut();
    ctx.fireChannelReadComplete();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    release();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    release();
  }

  private void release() {
    failed = true; // anything still read or written from here on is dropped
    if (settingsTimeout != null) {
      settingsTimeout.cancel(false);
      settingsTimeout = null;
    }
    if (cumulation != null && !readInProgress) { // else channelRead's finally releases it
      cumulation.release();
      cumulation = null;
    }
    if (out != null) {
      out.release();
      out = null;
    }
    if (connection != null) {
      connection.close();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Outbound

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    if (!(msg instanceof Http2Frame frame)) {
      ctx.write(msg, promise);
      return;
    }
    if (failed || (closing && !(msg instanceof Http2GoAwayFrame))) {
      ReferenceCountUtil.release(msg);
      promise.tryFailure(new IllegalStateException("HTTP/2 connection closing"));
      return;
    }
    try {
      if (frame instanceof Http2HeadersFrame h) {
        if (!server && h.headers().protocol() != null && !peerConnectProtocol) {
          throw new IllegalStateException(
              "extended CONNECT (:protocol) before the server enabled it"
                  + " (SETTINGS_ENABLE_CONNECT_PROTOCOL, RFC 8441)");
        }
        int id = connection.writeHeaders(h.streamId(), h.headers(), h.endStream(), h.padding());
        if (h.streamId() == 0 && observer != null) {
          observer.localStreamOpened(id, promise);
        }
        promise.trySuccess(null);
      } else if (frame instanceof Http2DataFrame d) {
        writeData(d, promise);
      } else if (frame instanceof Http2ResetFrame r) {
        connection.resetStream(r.streamId(), r.errorCode());
        promise.trySuccess(null);
      } else if (frame instanceof Http2SettingsFrame s) {
        connection.sendSettings(s.settings());
        promise.trySuccess(null);
      } else if (frame instanceof Http2PingFrame p) {
        if (p.ack()) {
          throw new IllegalArgumentException("the codec acknowledges pings itself");
        }
        connection.writePing(p.content());
        promise.trySuccess(null);
      } else if (frame instanceof Http2GoAwayFrame g) {
        try {
          closing = true;
          connection.writeGoAway(g.errorCode(), null);
          promise.trySuccess(null);
        } finally {
          g.release();
        }
      } else if (frame instanceof Http2SettingsAckFrame) {
        throw new IllegalArgumentException("the codec acknowledges SETTINGS itself");
      } else {
        // WINDOW_UPDATE (the codec returns received bytes itself), PRIORITY_UPDATE: nothing to do.
        promise.trySuccess(null);
      }
    } catch (Http2Exception e) {
      promise.tryFailure(e);
    } catch (RuntimeException e) {
      promise.tryFailure(e);
    }
  }

  private void writeData(Http2DataFrame d, Promise<Void> promise) throws Http2Exception {
    Http2Stream s = connection.stream(d.streamId());
    if (s == null || !s.canSend()) {
      d.release();
      throw Http2Exception.streamError(d.streamId(), Http2Error.STREAM_CLOSED, "stream closed");
    }
    connection.flow().writeData(s, d.content(), d.endStream(), d.padding(), promise);
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    flushOut();
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) {
    if (!failed && started && !connection.goAwaySent()) {
      connection.writeGoAway(Http2Error.NO_ERROR.code(), null);
      flushOut();
    }
    ctx.close(promise);
  }

  // ---------------------------------------------------------------------------------------------
  // Writing

  private ByteBuf buffer() {
    if (out == null) {
      out = ctx.alloc().buffer(256);
    }
    return out;
  }

  private void writeOut() {
    if (out == null) {
      return;
    }
    if (!out.isReadable() || !ctx.channel().isOpen()) {
      out.release();
      out = null;
      return;
    }
    ByteBuf b = out;
    out = null;
    int control = controlFramesInOut;
    controlFramesInOut = 0;
    if (control == 0) {
      ctx.write(b, ctx.voidPromise());
      return;
    }
    queuedControlFrames += control;
    Promise<Void> p = ctx.newPromise();
    p.addListener(f -> queuedControlFrames -= control);
    ctx.write(b, p);
  }

  private void flushOut() {
    if (connection != null && !failed) {
      connection.flow().writePending();
    }
    writeOut();
    ctx.flush();
  }

  private final class Output implements Http2Connection.Output {
    @Override
    public ByteBuf buffer() {
      return FrameCodecHandler.this.buffer();
    }

    @Override
    public void data(ByteBuf payload, Promise<Void> promise) {
      writeOut();
      ctx.write(payload, promise == null ? ctx.voidPromise() : promise);
    }

    @Override
    public void controlFrameWritten() throws Http2Exception {
      controlFramesInOut++;
      if (queuedControlFrames + controlFramesInOut > limits.maxQueuedControlFrames()) {
        throw Http2Exception.connectionError(
            Http2Error.ENHANCE_YOUR_CALM, "too many control frames queued: the peer does not read");
      }
    }
  }

  private final class Events implements Http2Connection.Events {
    @Override
    public void frame(Http2Frame frame) {
      if (frame instanceof Http2SettingsFrame s
          && s.settings().get(Http2Settings.ENABLE_CONNECT_PROTOCOL, 0) == 1) {
        // Once on, it stays on: RFC 8441 forbids a peer to turn it off again.
        peerConnectProtocol = true;
      }
      if (frame instanceof Http2SettingsAckFrame && settingsTimeout != null) {
        settingsTimeout.cancel(false);
        settingsTimeout = null;
      }
      if (frame instanceof Http2DataFrame d) {
        // The bytes go back to the peer's window as they are passed on.
        if (observer != null) {
          ctx.fireChannelRead(d); // the multiplexer returns the bytes when they are consumed
          return;
        }
        int n = d.content().readableBytes();
        Http2Stream s = connection.stream(d.streamId());
        ctx.fireChannelRead(d);
        if (n > 0) {
          try {
            connection.consume(s, n);
          } catch (Http2Exception e) {
            connectionError(e);
          }
        }
        return;
      }
      ctx.fireChannelRead(frame);
    }

    @Override
    public void streamClosed(Http2Stream stream) {
      if (observer != null) {
        observer.streamClosed(stream.id);
      }
    }
  }
}

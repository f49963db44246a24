package io.tern.codec.http2;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.AbstractScheduledEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.common.concurrent.Ticker;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP/2 connection as a handler: bytes in, {@link Http2Frame}s out to the next handler; frames
 * in from the application, bytes out. It runs the connection itself: the preface (checked once,
 * then never again), SETTINGS and their acknowledgement (with a timeout), the stream state machine,
 * flow control both ways, PING answers, GOAWAY, and the {@link Http2Limits}.
 *
 * <p><b>Inbound</b> the application receives {@link Http2HeadersFrame}, {@link Http2DataFrame}
 * (whose bytes the codec returns to the peer's window once passed on), {@link Http2ResetFrame},
 * {@link Http2SettingsFrame} (the peer's, applied and acknowledged), {@link Http2SettingsAckFrame},
 * {@link Http2PingFrame} (acknowledgements of its own pings), {@link Http2GoAwayFrame} and {@link
 * Http2PriorityUpdateFrame}. Stream errors reset the stream and the application sees a {@link
 * Http2ResetFrame}; connection errors send GOAWAY and close the channel.
 *
 * <p><b>Outbound</b> it accepts the same frame types: a {@link Http2HeadersFrame} with stream id 0
 * opens a stream (clients; the id is the next odd one, in write order), {@link Http2DataFrame}s are
 * sent as the peer's windows allow, and a {@link Http2GoAwayFrame} starts a graceful shutdown.
 * Closing the channel sends GOAWAY first.
 *
 * <h2>Threading</h2>
 *
 * One instance per channel, called on its event loop.
 *
 * <h2>Ownership</h2>
 *
 * Frames passed on belong to the next handler. Frames written belong to the codec, which releases
 * them when sent or when their stream or the connection ends.
 */
public final class Http2FrameCodec implements ChannelHandler {
  /** The client connection preface, {@code PRI * HTTP/2.0 CRLF CRLF SM CRLF CRLF}. */
  static final byte[] PREFACE =
      HexFormat.of().parseHex("505249202a20485454502f322e300d0a0d0a534d0d0a0d0a");

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
  private int prefaceMatched; // bytes of the client preface seen (server), PREFACE.length when done
  private boolean firstFrameChecked;
  private boolean started;
  private boolean closing;
  private boolean failed;
  private boolean readInProgress;
  private ScheduledFuture<?> settingsTimeout;

  Http2FrameCodec(
      boolean server, Http2Settings initialSettings, int connectionWindow, Http2Limits limits) {
    this.server = server;
    this.initialSettings = initialSettings;
    this.connectionWindow = connectionWindow;
    this.limits = limits;
  }

  /**
   * Returns a builder for the server side.
   *
   * @return a builder
   */
  public static Http2FrameCodecBuilder forServer() {
    return new Http2FrameCodecBuilder(true);
  }

  /**
   * Returns a builder for the client side.
   *
   * @return a builder
   */
  public static Http2FrameCodecBuilder forClient() {
    return new Http2FrameCodecBuilder(false);
  }

  /**
   * Returns whether this is the server side.
   *
   * @return {@code true} for a server
   */
  public boolean isServer() {
    return server;
  }

  /**
   * Returns the number of open streams.
   *
   * @return the count
   */
  public int activeStreams() {
    return connection == null ? 0 : connection.activeStreams();
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
      prefaceMatched = PREFACE.length;
      firstFrameChecked = false;
    }
    if (ctx.channel().isActive()) {
      start();
    }
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
      buffer().writeBytes(PREFACE);
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
    if (prefaceMatched < PREFACE.length && !readPreface(in)) {
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
    while (prefaceMatched < PREFACE.length && in.isReadable()) {
      if (in.readByte() != PREFACE[prefaceMatched]) {
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
    return prefaceMatched == PREFACE.length;
  }

  private boolean streamError(Http2Exception e) {
    try {
      connection.guard.provokedReset();
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
        connection.writeHeaders(h.streamId(), h.headers(), h.endStream(), h.padding());
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
    connection.flow.writeData(s, d.content(), d.endStream(), d.padding(), promise);
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
      connection.flow.writePending();
    }
    writeOut();
    ctx.flush();
  }

  private final class Output implements Http2Connection.Output {
    @Override
    public ByteBuf buffer() {
      return Http2FrameCodec.this.buffer();
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
      if (frame instanceof Http2SettingsAckFrame && settingsTimeout != null) {
        settingsTimeout.cancel(false);
        settingsTimeout = null;
      }
      if (frame instanceof Http2DataFrame d) {
        // The bytes go back to the peer's window as they are passed on.
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
    public void streamClosed(Http2Stream stream) {}
  }
}

package io.tern.codec.http2.internal;

import io.tern.codec.http2.Http2DataFrame;
import io.tern.codec.http2.Http2Error;
import io.tern.codec.http2.Http2Frame;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.codec.http2.Http2MultiplexHandler;
import io.tern.codec.http2.Http2ResetFrame;
import io.tern.codec.http2.Http2StreamChannel;
import io.tern.codec.http2.Http2StreamFrame;
import io.tern.common.AttributeKey;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOption;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The implementation of {@link Http2MultiplexHandler}: the map from stream ids to {@link
 * StreamChannel}s, the dispatch of stream frames to them, and their way back to the codec (frames
 * written through this handler's context, bytes consumed returned through {@link
 * FrameCodecHandler#returnBytes}).
 *
 * <p><b>Read batches.</b> While the connection reads, stream channels fire the frames they are
 * given at once; each one that fired anything gets its {@code channelReadComplete} when the
 * connection's read completes, and the WINDOW_UPDATEs and frames written meanwhile go out with one
 * flush of the connection.
 *
 * <p><b>Blocked writers.</b> A stream channel whose DATA waits for the stream's send window stays
 * in {@link #blocked}; window only opens through frames read (WINDOW_UPDATE, SETTINGS), so each
 * completed read lets the blocked channels try again.
 *
 * <p>One instance per connection, on its event loop.
 */
public final class MultiplexHandler
    implements Http2MultiplexHandler, FrameCodecHandler.StreamObserver {
  private final ChannelHandler streamHandler;
  private final Map<Integer, StreamChannel> streams = new HashMap<>();
  private final IdentityHashMap<Promise<Void>, StreamChannel> opening = new IdentityHashMap<>();
  private final List<StreamChannel> readers = new ArrayList<>();
  private final LinkedHashSet<StreamChannel> blocked = new LinkedHashSet<>();
  private final LinkedHashSet<StreamChannel> all = new LinkedHashSet<>();
  private ChannelHandlerContext ctx;
  private FrameCodecHandler codec;
  private boolean inRead;
  private boolean flushNeeded;

  /**
   * Creates a multiplexer.
   *
   * @param streamHandler added to each stream channel the peer opens, or {@code null} to refuse
   *     such streams (clients)
   */
  public MultiplexHandler(ChannelHandler streamHandler) {
    this.streamHandler = streamHandler;
  }

  /**
   * Opens a stream channel on {@code parent} (see {@code Http2StreamChannelBootstrap}).
   *
   * @param parent the connection's channel
   * @param handler the new channel's handler
   * @param options its options
   * @param attributes its attributes
   * @return completed with the registered channel, or failed
   */
  public static Future<Http2StreamChannel> openStream(
      Channel parent,
      ChannelHandler handler,
      Map<ChannelOption<?>, Object> options,
      Map<AttributeKey<?>, Object> attributes) {
    Promise<Http2StreamChannel> promise = parent.eventLoop().newPromise();
    if (parent.eventLoop().inEventLoop()) {
      open(parent, handler, options, attributes, promise);
    } else {
      parent.eventLoop().execute(() -> open(parent, handler, options, attributes, promise));
    }
    return promise;
  }

  private static void open(
      Channel parent,
      ChannelHandler handler,
      Map<ChannelOption<?>, Object> options,
      Map<AttributeKey<?>, Object> attributes,
      Promise<Http2StreamChannel> promise) {
    MultiplexHandler mux = null;
    for (String name : parent.pipeline().names()) {
      if (parent.pipeline().get(name) instanceof MultiplexHandler m) {
        mux = m;
        break;
      }
    }
    if (mux == null || mux.ctx == null) {
      promise.tryFailure(
          new IllegalStateException("no Http2MultiplexHandler in the pipeline of " + parent));
      return;
    }
    if (mux.codec.isServer()) {
      promise.tryFailure(new IllegalStateException("a server does not open streams"));
      return;
    }
    if (!parent.isActive()) {
      promise.tryFailure(new ClosedChannelException());
      return;
    }
    StreamChannel child = new StreamChannel(mux, parent, 0);
    try {
      for (Map.Entry<ChannelOption<?>, Object> e : options.entrySet()) {
        setOption(child, e.getKey(), e.getValue());
      }
      for (Map.Entry<AttributeKey<?>, Object> e : attributes.entrySet()) {
        setAttribute(child, e.getKey(), e.getValue());
      }
    } catch (RuntimeException e) {
      promise.tryFailure(e);
      return;
    }
    mux.all.add(child);
    child.pipeline().addLast(handler);
    child
        .register()
        .addListener(
            f -> {
              if (f.isSuccess()) {
                promise.trySuccess(child);
              } else {
                promise.tryFailure(f.cause());
              }
            });
  }

  @SuppressWarnings("unchecked")
  private static <T> void setOption(Channel ch, ChannelOption<T> option, Object value) {
    ch.config().setOption(option, (T) value);
  }

  @SuppressWarnings("unchecked")
  private static <T> void setAttribute(Channel ch, AttributeKey<T> key, Object value) {
    ch.attr(key).set((T) value);
  }

  @Override
  public int streamChannels() {
    return all.size();
  }

  // ---------------------------------------------------------------------------------------------
  // The connection's pipeline

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    FrameCodecHandler found = null;
    for (String name : ctx.pipeline().names()) {
      if (name.equals(ctx.name())) {
        break;
      }
      if (ctx.pipeline().get(name) instanceof FrameCodecHandler c) {
        found = c; // the nearest codec before this handler
      }
    }
    if (found == null) {
      throw new IllegalStateException("Http2MultiplexHandler needs an Http2FrameCodec before it");
    }
    this.ctx = ctx;
    this.codec = found;
    codec.observe(this);
  }

  /**
   * The h2c upgrade continued the client's request as stream 1: its response is read by a stream
   * channel with {@code handler}.
   *
   * @param handler the stream channel's handler
   */
  void upgradedStream(ChannelHandler handler) {
    StreamChannel child = new StreamChannel(this, ctx.channel(), 1);
    streams.put(1, child);
    all.add(child);
    child.pipeline().addLast(handler);
    child.register();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    closeAll();
    if (codec != null) {
      codec.observe(null); // the codec returns received bytes by itself again
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    inRead = true;
    if (!(msg instanceof Http2StreamFrame frame) || frame.streamId() == 0) {
      ctx.fireChannelRead(msg); // the connection's frames (and anything else) go on
      return;
    }
    int id = frame.streamId();
    StreamChannel child = streams.get(id);
    if (frame instanceof Http2ResetFrame reset) {
      if (child != null) {
        streams.remove(id);
        child.resetByPeer(reset);
      }
      return;
    }
    if (child == null) {
      child = inboundStream(frame);
      if (child == null) {
        drop(frame);
        return;
      }
    }
    child.frameArrived(frame);
  }

  /** A stream the peer opened: a new channel with the stream handler, or null to drop it. */
  private StreamChannel inboundStream(Http2StreamFrame frame) {
    if (!(frame instanceof Http2HeadersFrame) || !codec.isServer()) {
      return null; // a stream whose channel closed, or one opened on the connection's pipeline
    }
    if (streamHandler == null) {
      write(new Http2ResetFrame(frame.streamId(), Http2Error.REFUSED_STREAM), ctx.newPromise());
      return null;
    }
    StreamChannel child = new StreamChannel(this, ctx.channel(), frame.streamId());
    streams.put(frame.streamId(), child);
    all.add(child);
    child.pipeline().addLast(streamHandler);
    child.register(); // on this loop: registered and active before the frame arrives
    return child.isOpen() ? child : null;
  }

  /** A frame for a stream nobody reads any more: its bytes go back to the peer at once. */
  private void drop(Http2StreamFrame frame) {
    if (frame instanceof Http2DataFrame d) {
      int n = d.content().readableBytes();
      d.release();
      returnBytes(frame.streamId(), n);
    } else {
      ReferenceCountUtil.release(frame);
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    inRead = false;
    if (!readers.isEmpty()) {
      StreamChannel[] batch = readers.toArray(new StreamChannel[0]);
      readers.clear();
      for (StreamChannel child : batch) {
        child.endReadBatch();
      }
    }
    retryBlocked();
    flushIfNeeded();
    ctx.fireChannelReadComplete();
  }

  private void retryBlocked() {
    if (blocked.isEmpty()) {
      return;
    }
    StreamChannel[] waiting = blocked.toArray(new StreamChannel[0]);
    blocked.clear();
    for (StreamChannel child : waiting) {
      child.windowMayHaveOpened(); // blocks itself again if it still has to wait
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    closeAll();
    ctx.fireChannelInactive();
  }

  private void closeAll() {
    opening.clear();
    streams.clear();
    blocked.clear();
    readers.clear();
    for (StreamChannel child : all.toArray(new StreamChannel[0])) {
      child.connectionClosed();
    }
    all.clear();
  }

  // ---------------------------------------------------------------------------------------------
  // What the codec tells (FrameCodecHandler.StreamObserver)

  @Override
  public void localStreamOpened(int streamId, Promise<Void> promise) {
    StreamChannel child = opening.remove(promise);
    if (child == null) {
      return; // a stream opened by a frame written on the connection's pipeline itself
    }
    if (!child.isOpen()) {
      write(new Http2ResetFrame(streamId, Http2Error.CANCEL), ctx.newPromise());
      return;
    }
    streams.put(streamId, child);
    child.streamOpened(streamId);
  }

  @Override
  public void streamClosed(int streamId) {
    // The channel stays in the map until it closes: a reset frame may follow (RST_STREAM, GOAWAY).
    StreamChannel child = streams.get(streamId);
    if (child != null) {
      child.streamEnded();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // For the stream channels

  /** Writes a frame of a stream channel to the codec, through the connection's pipeline. */
  void write(Http2Frame frame, Promise<Void> promise) {
    ctx.write(frame, promise);
    flushNeeded = true;
  }

  /** Writes the HEADERS that opens a stream channel's stream; the codec tells its id. */
  void writeOpening(StreamChannel child, Http2HeadersFrame headers, Promise<Void> promise) {
    opening.put(promise, child);
    promise.addListener(
        f -> {
          if (!f.isSuccess() && opening.remove(promise) != null) {
            child.openFailed(f.cause());
          }
        });
    write(headers, promise);
  }

  Promise<Void> newPromise() {
    return ctx.newPromise();
  }

  long sendableBytes(int streamId) {
    return codec.sendableBytes(streamId);
  }

  void returnBytes(int streamId, int bytes) {
    if (bytes > 0) {
      codec.returnBytes(streamId, bytes);
      flushNeeded = true;
    }
  }

  /** A stream channel fired frames: it gets its read-complete with the connection's. */
  void joinReadBatch(StreamChannel child) {
    if (inRead) {
      readers.add(child);
    }
  }

  void blocked(StreamChannel child) {
    blocked.add(child);
  }

  /** Flushes the connection unless its read is in progress (its read-complete flushes then). */
  void flushIfNeeded() {
    if (flushNeeded && !inRead && ctx != null) {
      flushNeeded = false;
      ctx.flush();
    }
  }

  /** A stream channel closed: forget it; reset its stream if that is still open. */
  void closed(StreamChannel child, boolean resetStream) {
    all.remove(child);
    blocked.remove(child);
    int id = child.streamId();
    if (id != 0 && streams.remove(id) == child && resetStream && ctx.channel().isActive()) {
      write(new Http2ResetFrame(id, Http2Error.CANCEL), ctx.newPromise());
      flushIfNeeded();
    }
  }
}

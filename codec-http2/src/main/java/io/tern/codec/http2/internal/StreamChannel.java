package io.tern.codec.http2.internal;

import io.tern.buffer.ByteBuf;
import io.tern.codec.http2.Http2DataFrame;
import io.tern.codec.http2.Http2Error;
import io.tern.codec.http2.Http2Exception;
import io.tern.codec.http2.Http2HeadersFrame;
import io.tern.codec.http2.Http2ResetFrame;
import io.tern.codec.http2.Http2StreamChannel;
import io.tern.codec.http2.Http2StreamFrame;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.IoHandle;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelOption;
import io.tern.transport.spi.AbstractChannel;
import io.tern.transport.spi.ChannelOutboundBuffer;
import io.tern.transport.spi.DefaultChannelConfig;
import java.net.SocketAddress;
import java.util.ArrayDeque;

/**
 * One stream as a channel ({@link Http2StreamChannel}): carried by the connection's channel, whose
 * event loop it shares, it registers nothing with the loop's I/O handler ({@link
 * AbstractChannel#carriedRegistration()}). Its "I/O" is the {@link MultiplexHandler}: frames arrive
 * from it into a queue the pipeline reads, and written frames leave through it to the codec.
 *
 * <p><b>Reading.</b> {@code read()} asks for frames: with auto-read on every frame as it comes,
 * otherwise one per {@code read()}. Frames that arrive while the connection reads are fired at once
 * and the read-complete follows the connection's; frames that waited for a {@code read()} are fired
 * from a task, at most {@code maxMessagesPerRead} at a time. A DATA frame's bytes go back to the
 * peer's windows once the pipeline has read it.
 *
 * <p><b>Writing.</b> {@link #doWrite} hands the flushed frames to the codec with this stream's id,
 * DATA only as far as the stream's send window allows (a frame larger than that is split); the rest
 * stays in the outbound buffer, so the water marks turn the channel unwritable, until the
 * multiplexer sees the window open.
 *
 * <p>Event loop of the connection only.
 */
final class StreamChannel extends AbstractChannel implements Http2StreamChannel {
  private final MultiplexHandler mux;
  private final DefaultChannelConfig config;
  private final ArrayDeque<Http2StreamFrame> inbound = new ArrayDeque<>(2);
  private int streamId;
  private boolean closed;
  private boolean streamEnded;
  private boolean opening;
  private boolean writing;
  private boolean readPending;
  private boolean inReadBatch;
  private boolean readScheduled;
  private boolean closeScheduled;

  StreamChannel(MultiplexHandler mux, Channel parent, int streamId) {
    super(parent, parent.eventLoop());
    this.mux = mux;
    this.streamId = streamId;
    this.config = new DefaultChannelConfig(this);
    config.setOption(ChannelOption.ALLOCATOR, parent.config().allocator());
  }

  @Override
  public int streamId() {
    return streamId;
  }

  @Override
  public DefaultChannelConfig config() {
    return config;
  }

  @Override
  public boolean isOpen() {
    return !closed;
  }

  @Override
  public boolean isActive() {
    return !closed;
  }

  @Override
  public String toString() {
    return "[id: 0x" + id().asShortText() + ", stream " + streamId + " of " + parent() + "]";
  }

  // ---------------------------------------------------------------------------------------------
  // No I/O of its own

  @Override
  protected IoHandle ioHandle() {
    throw new UnsupportedOperationException("a stream channel is carried by its connection");
  }

  @Override
  protected Future<IoRegistration> registerIo() {
    return carriedRegistration();
  }

  @Override
  protected SocketAddress queryLocalAddress() {
    return parent().localAddress();
  }

  @Override
  protected SocketAddress queryRemoteAddress() {
    return parent().remoteAddress();
  }

  @Override
  protected void doBind(SocketAddress localAddress) {
    throw new UnsupportedOperationException("a stream channel cannot bind");
  }

  @Override
  protected boolean doConnect(SocketAddress remoteAddress, SocketAddress localAddress) {
    throw new UnsupportedOperationException("a stream channel cannot connect");
  }

  @Override
  protected void doClose() {
    closed = true;
    boolean reset = !streamEnded;
    streamEnded = true;
    mux.closed(this, reset);
    releaseInbound();
    mux.flushIfNeeded();
  }

  private void releaseInbound() {
    Http2StreamFrame f;
    while ((f = inbound.poll()) != null) {
      if (f instanceof Http2DataFrame d) {
        int n = d.content().readableBytes();
        d.release();
        mux.returnBytes(streamId, n);
      } else {
        ReferenceCountUtil.release(f);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Events from the multiplexer

  /** A frame of this stream arrived (the connection is reading). */
  void frameArrived(Http2StreamFrame frame) {
    if (closed) {
      if (frame instanceof Http2DataFrame d) {
        int n = d.content().readableBytes();
        d.release();
        mux.returnBytes(frame.streamId(), n);
      } else {
        ReferenceCountUtil.release(frame);
      }
      return;
    }
    inbound.add(frame);
    if (readPending) {
      deliver(Integer.MAX_VALUE);
    }
  }

  /** The codec gave the stream this channel opened its id. */
  void streamOpened(int id) {
    streamId = id;
    opening = false;
    if (!writing) {
      writeReady(); // the opening HEADERS was written later than asked: what follows may go now
    }
  }

  /** The HEADERS that should open the stream failed (refused, connection closing). */
  void openFailed(Throwable cause) {
    opening = false;
    streamEnded = true; // no stream to reset
    eventLoop().execute(() -> closeNow(cause));
  }

  /** The stream left the connection: closed both ways, or reset by this side. */
  void streamEnded() {
    streamEnded = true;
    if (!closeScheduled) {
      // Later, not now: this may come from inside doWrite (the last frame closed the stream).
      closeScheduled = true;
      eventLoop().execute(this::closeIfDrained);
    }
  }

  /** The peer reset the stream (or refused it with GOAWAY): tell the pipeline, then close. */
  void resetByPeer(Http2ResetFrame reset) {
    streamEnded = true;
    releaseInbound();
    pipeline().fireUserEventTriggered(reset);
    closeNow(null);
  }

  /** The connection closed (or the multiplexer left it). */
  void connectionClosed() {
    streamEnded = true;
    closeNow(null);
  }

  /** The stream's send window may have grown: writes waiting for it try again. */
  void windowMayHaveOpened() {
    writeReady();
  }

  // ---------------------------------------------------------------------------------------------
  // Reading

  @Override
  protected void doBeginRead() {
    if (closed) {
      return;
    }
    readPending = true;
    if (!inbound.isEmpty() && !readScheduled) {
      readScheduled = true;
      eventLoop().execute(this::readTask);
    }
  }

  @Override
  protected void onAutoReadCleared() {
    readPending = false;
  }

  private void readTask() {
    readScheduled = false;
    if (closed) {
      return;
    }
    deliver(config.maxMessagesPerRead());
    endReadBatch();
    mux.flushIfNeeded(); // WINDOW_UPDATEs, and what the pipeline wrote
  }

  private void deliver(int budget) {
    Http2StreamFrame f;
    while (readPending && budget-- > 0 && !closed && (f = inbound.poll()) != null) {
      if (!config.autoRead()) {
        readPending = false;
      }
      if (!inReadBatch) {
        inReadBatch = true;
        mux.joinReadBatch(this); // else the read task ends the batch itself
      }
      int n = f instanceof Http2DataFrame d ? d.content().readableBytes() : 0;
      pipeline().fireChannelRead(f);
      mux.returnBytes(streamId, n);
    }
  }

  /** Fires the read-complete of the frames fired since the last one. */
  void endReadBatch() {
    if (!inReadBatch) {
      return;
    }
    inReadBatch = false;
    if (closed) {
      return;
    }
    readComplete();
    closeIfDrained();
  }

  private void closeIfDrained() {
    closeScheduled = false;
    if (!closed && streamEnded && inbound.isEmpty() && !inReadBatch) {
      closeNow(null);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Writing

  @Override
  protected Object filterOutboundMessage(Object msg) {
    if (msg instanceof Http2HeadersFrame
        || msg instanceof Http2DataFrame
        || msg instanceof Http2ResetFrame) {
      int id = ((Http2StreamFrame) msg).streamId();
      if (id != 0 && id != streamId) {
        throw new IllegalArgumentException(
            "a frame of stream " + id + " written to the channel of stream " + streamId);
      }
      return msg;
    }
    throw new UnsupportedOperationException(
        "unsupported message type: "
            + msg.getClass().getName()
            + " (expected: Http2HeadersFrame, Http2DataFrame, Http2ResetFrame)");
  }

  @Override
  protected int estimateSize(Object msg) {
    return msg instanceof Http2DataFrame d ? d.flowControlledBytes() : 8;
  }

  @Override
  protected void doWrite(ChannelOutboundBuffer in) throws Exception {
    writing = true;
    try {
      Object msg;
      while (!closed && (msg = in.current()) != null) {
        Http2StreamFrame frame = (Http2StreamFrame) msg; // all filterOutboundMessage lets in
        if (streamId == 0) {
          if (!(frame instanceof Http2HeadersFrame h)) {
            in.remove(new IllegalStateException("the stream is not open: write its HEADERS first"));
            continue;
          }
          if (opening) {
            return; // the opening HEADERS is on its way: the rest waits for the stream's id
          }
          opening = true;
          mux.writeOpening(this, h, forward(in));
          if (streamId == 0) {
            return; // refused, or written later by a handler before the codec
          }
        } else if (frame instanceof Http2DataFrame d) {
          if (!writeData(in, d)) {
            mux.blocked(this);
            return;
          }
        } else {
          Http2StreamFrame own = withStreamId(frame);
          mux.write(own, forward(in));
        }
      }
    } finally {
      writing = false;
      mux.flushIfNeeded();
    }
  }

  /**
   * Hands the current DATA frame to the codec as far as the stream's send window allows.
   *
   * @return {@code false} if (part of) it has to wait for the window
   */
  private boolean writeData(ChannelOutboundBuffer in, Http2DataFrame d) {
    long sendable = mux.sendableBytes(streamId);
    if (sendable < 0) {
      in.remove(Http2Exception.streamError(streamId, Http2Error.STREAM_CLOSED, "stream closed"));
      return true;
    }
    int length = d.content().readableBytes();
    int padding = d.padding();
    if (length + padding <= sendable || (length == 0 && padding == 0)) {
      Http2DataFrame own =
          d.streamId() == streamId
              ? d
              : new Http2DataFrame(streamId, d.content(), d.endStream(), padding);
      mux.write(own, forward(in));
      return true;
    }
    int part = (int) Math.min(sendable, length);
    if (part > 0) {
      ByteBuf slice = d.content().readRetainedSlice(part);
      mux.write(new Http2DataFrame(streamId, slice, false), mux.newPromise());
    }
    return false;
  }

  private Http2StreamFrame withStreamId(Http2StreamFrame frame) {
    if (frame.streamId() == streamId) {
      return frame;
    }
    if (frame instanceof Http2HeadersFrame h) {
      return new Http2HeadersFrame(streamId, h.headers(), h.endStream(), h.padding());
    }
    Http2ResetFrame r = (Http2ResetFrame) frame;
    return new Http2ResetFrame(streamId, r.errorCode());
  }

  /**
   * Takes the current message out of the outbound buffer (its frame is now the caller's) and
   * returns the promise to write it to the connection with, which completes the write's own.
   */
  private Promise<Void> forward(ChannelOutboundBuffer in) {
    Promise<Void> own = in.removeForwarded();
    Promise<Void> carrier = mux.newPromise();
    carrier.addListener(
        f -> {
          if (f.isSuccess()) {
            own.trySuccess(null);
          } else {
            own.tryFailure(f.cause());
          }
        });
    return carrier;
  }
}

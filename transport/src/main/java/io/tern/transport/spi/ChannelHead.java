package io.tern.transport.spi;

import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOutputShutdownException;
import java.net.SocketAddress;
import java.nio.channels.ConnectionPendingException;
import java.nio.channels.NotYetConnectedException;

/**
 * The pipeline's head: turns each outbound operation that reaches it into calls of the channel's
 * {@code do*} methods, after the checks every transport shares (open, registered, no connect
 * already pending, output not closed), and runs the close sequence. One stateless instance serves
 * every {@link AbstractChannel}; the state these operations read and change lives in the channel.
 * Everything here runs on the channel's event loop. (Registration, the step before any of this, is
 * {@link ChannelRegistrar}'s.)
 *
 * <p><b>Close sequence.</b> Mark the close as initiated; detach the outbound buffer (no more
 * writes); fail a pending connect; cancel the I/O registration (before the resource closes, so no
 * event arrives for a closed one); {@link AbstractChannel#doClose()}; fail and release the queued
 * writes; then fire {@code channelInactive}, {@code channelUnregistered}, remove every handler, and
 * complete the close future — later, as a task, if the close happened inside {@code doWrite}, so
 * handlers still in {@code flush()} do not see the channel go inactive under them.
 */
final class ChannelHead implements ChannelHandler {
  static final ChannelHead INSTANCE = new ChannelHead();

  // Named after the channel class, as before this code moved here, so logging setups keep working.
  private static final System.Logger LOGGER = System.getLogger(AbstractChannel.class.getName());

  private ChannelHead() {}

  private static AbstractChannel ch(ChannelHandlerContext ctx) {
    return (AbstractChannel) ctx.channel();
  }

  @Override
  public void bind(ChannelHandlerContext ctx, SocketAddress localAddress, Promise<Void> promise) {
    bind(ch(ctx), localAddress, promise);
  }

  @Override
  public void connect(
      ChannelHandlerContext ctx,
      SocketAddress remoteAddress,
      SocketAddress localAddress,
      Promise<Void> promise) {
    connect(ch(ctx), remoteAddress, localAddress, promise);
  }

  @Override
  public void disconnect(ChannelHandlerContext ctx, Promise<Void> promise) {
    disconnect(ch(ctx), promise);
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) {
    close(ch(ctx), promise, null);
  }

  @Override
  public void read(ChannelHandlerContext ctx) {
    read(ch(ctx));
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    write(ch(ctx), msg, promise);
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    AbstractChannel ch = ch(ctx);
    assert ch.eventLoop().inEventLoop();
    ChannelOutboundBuffer buffer = ch.outboundBuffer;
    if (buffer == null) {
      return;
    }
    buffer.addFlush();
    flushNow(ch, false);
  }

  // ---- bind, connect, disconnect ----

  private static void bind(AbstractChannel ch, SocketAddress localAddress, Promise<Void> promise) {
    assert ch.eventLoop().inEventLoop();
    if (!promise.setUncancellable() || !ensureOpen(ch, promise) || !ensureRegistered(ch, promise)) {
      return;
    }
    boolean wasActive = ch.isActive();
    try {
      ch.doBind(localAddress);
    } catch (Throwable t) {
      promise.tryFailure(t);
      closeIfClosed(ch);
      return;
    }
    if (!wasActive && ch.isActive()) {
      ch.activated();
    }
    promise.trySuccess(null);
  }

  private static void connect(
      AbstractChannel ch, SocketAddress remote, SocketAddress local, Promise<Void> promise) {
    assert ch.eventLoop().inEventLoop();
    if (!promise.setUncancellable() || !ensureOpen(ch, promise) || !ensureRegistered(ch, promise)) {
      return;
    }
    if (ch.pendingConnect != null) {
      promise.tryFailure(new ConnectionPendingException());
      return;
    }
    boolean wasActive = ch.isActive();
    try {
      if (ch.doConnect(remote, local)) {
        ch.connected(promise, wasActive);
        return;
      }
    } catch (Throwable t) {
      promise.tryFailure(PendingConnect.annotate(t, remote));
      closeIfClosed(ch);
      return;
    }
    PendingConnect pending = new PendingConnect(ch, promise, remote);
    ch.pendingConnect = pending;
    pending.scheduleTimeout(ch.config().connectTimeoutMillis());
  }

  private static void disconnect(AbstractChannel ch, Promise<Void> promise) {
    assert ch.eventLoop().inEventLoop();
    if (!promise.setUncancellable()) {
      return;
    }
    boolean wasActive = ch.isActive();
    boolean disconnected;
    try {
      disconnected = ch.doDisconnect();
    } catch (Throwable t) {
      promise.tryFailure(t);
      closeIfClosed(ch);
      return;
    }
    if (!disconnected) {
      close(ch, promise, null);
      return;
    }
    ch.remoteAddress = null;
    if (wasActive && !ch.isActive()) {
      ch.pipeline.fireChannelInactive();
    }
    promise.trySuccess(null);
  }

  // ---- read, write, flush ----

  private static void read(AbstractChannel ch) {
    assert ch.eventLoop().inEventLoop();
    if (!ch.registered || !ch.isActive()) {
      return;
    }
    try {
      ch.doBeginRead();
    } catch (Throwable t) {
      ch.fireExceptionCaughtLater(t);
      ch.closeNow(t);
    }
  }

  private static void write(AbstractChannel ch, Object msg, Promise<Void> promise) {
    assert ch.eventLoop().inEventLoop();
    ChannelOutboundBuffer buffer = ch.outboundBuffer;
    if (buffer == null) {
      ReferenceCountUtil.safeRelease(msg);
      promise.tryFailure(
          ch.outputClosed && !ch.closeInitiated
              ? new ChannelOutputShutdownException("output shut down: " + ch)
              : ch.newClosedChannelException());
      return;
    }
    Object filtered;
    try {
      filtered = ch.filterOutboundMessage(msg);
    } catch (Throwable t) {
      ReferenceCountUtil.safeRelease(msg);
      promise.tryFailure(t);
      return;
    }
    buffer.addMessage(filtered, ch.estimateSize(filtered), promise);
  }

  /**
   * Writes what is flushed unless a write is in progress or (without {@code force}) the transport
   * waits for writability; fails the flushed writes if the channel is not active. Also the
   * transport's way back in when the resource turns writable ({@link
   * AbstractChannel#writeReady()}).
   */
  static void flushNow(AbstractChannel ch, boolean force) {
    ChannelOutboundBuffer buffer = ch.outboundBuffer;
    if (ch.inFlush || buffer == null || buffer.isEmpty() || (!force && ch.isFlushPending())) {
      return;
    }
    ch.inFlush = true;
    try {
      if (!ch.isActive()) {
        buffer.failFlushed(
            ch.isOpen() ? new NotYetConnectedException() : ch.newClosedChannelException(), true);
        return;
      }
      ch.doWrite(buffer);
    } catch (Throwable t) {
      ch.writeFailed(buffer, t);
    } finally {
      ch.inFlush = false;
    }
  }

  // ---- close ----

  /** Closes the channel (see the class comment); {@code cause} becomes the later writes' cause. */
  static void close(AbstractChannel ch, Promise<Void> promise, Throwable cause) {
    assert ch.eventLoop().inEventLoop();
    if (!promise.setUncancellable()) {
      return;
    }
    if (ch.closeInitiated) {
      ch.closeFuture().addListener(f -> promise.trySuccess(null));
      return;
    }
    ch.closeInitiated = true;
    ch.closeCause = cause;
    boolean wasActive = ch.isActive();
    ChannelOutboundBuffer buffer = ch.outboundBuffer;
    ch.outboundBuffer = null; // no more writes from here on
    PendingConnect connecting = ch.pendingConnect;
    if (connecting != null) {
      ch.pendingConnect = null;
      connecting.failOnClose(ch.newClosedChannelException());
    }
    boolean wasRegistered = ch.registered;
    ch.registered = false;
    IoRegistration r = ch.registration;
    if (r != null) {
      ch.registration = null;
      r.cancel(); // before closing the resource, so no event arrives for a closed one
    }
    Throwable closeError = null;
    try {
      ch.doClose();
    } catch (Throwable t) {
      closeError = t;
      LOGGER.log(System.Logger.Level.WARNING, "Failed to close " + ch, t);
    }
    if (buffer != null) {
      buffer.close(ch.newClosedChannelException());
    }
    Throwable error = closeError;
    if (ch.inFlush) {
      // Firing inactive from inside doWrite could confuse handlers still in flush(): later.
      ch.eventLoop().execute(() -> fireClosed(ch, wasActive, wasRegistered, promise, error));
    } else {
      fireClosed(ch, wasActive, wasRegistered, promise, error);
    }
  }

  private static void fireClosed(
      AbstractChannel ch,
      boolean wasActive,
      boolean wasRegistered,
      Promise<Void> promise,
      Throwable error) {
    if (wasActive) {
      ch.pipeline.fireChannelInactive();
    }
    if (wasRegistered) {
      ch.pipeline.fireChannelUnregistered();
    }
    ch.pipeline.removeAll();
    ch.closePromise().trySuccess(null);
    if (error != null) {
      promise.tryFailure(error);
    } else {
      promise.trySuccess(null);
    }
  }

  /** Closes without events: registration failed, so no handler ever saw this channel. */
  static void closeForcibly(AbstractChannel ch) {
    ch.closeInitiated = true;
    ChannelOutboundBuffer buffer = ch.outboundBuffer;
    ch.outboundBuffer = null;
    try {
      ch.doClose();
    } catch (Throwable t) {
      LOGGER.log(System.Logger.Level.WARNING, "Failed to close " + ch, t);
    }
    if (buffer != null) {
      buffer.close(ch.newClosedChannelException());
    }
    ch.pipeline.removeAll();
    ch.closePromise().trySuccess(null);
  }

  private static void closeIfClosed(AbstractChannel ch) {
    if (!ch.isOpen()) {
      ch.closeNow(null);
    }
  }

  private static boolean ensureOpen(AbstractChannel ch, Promise<Void> promise) {
    if (ch.isOpen() && !ch.closeInitiated) {
      return true;
    }
    promise.tryFailure(ch.newClosedChannelException());
    return false;
  }

  private static boolean ensureRegistered(AbstractChannel ch, Promise<Void> promise) {
    if (ch.registered) {
      return true;
    }
    promise.tryFailure(new IllegalStateException("not registered: " + ch));
    return false;
  }
}

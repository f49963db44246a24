package io.tern.transport.spi;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.IoRegistration;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelOutputShutdownException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ConnectionPendingException;
import java.nio.channels.NotYetConnectedException;

/**
 * The head of an {@link AbstractChannel}'s pipeline, and the single owner of the channel's
 * life-cycle state: registration, the outbound buffer, a pending connect and the close. Each
 * outbound operation that reaches the head runs here, after the checks every transport shares
 * (open, registered, no connect already pending, output not closed), and ends in the channel's
 * {@code do*} hooks, the only part of the channel it calls besides its public {@code Channel}
 * methods. The channel itself reads the state through this class's methods.
 *
 * <p><b>Registration.</b> {@link #register} asks the channel to register its I/O ({@link
 * AbstractChannel#registerIo()}: its handle with the loop's {@code IoHandler}, or nothing for a
 * channel carried by another); once registered, {@code channelRegistered} fires, then {@code
 * channelActive} if the channel is active from birth (an accepted child). A channel registered
 * twice, or closed before registering, fails the promise; a channel closed while its registration
 * was in flight cancels it; a registration the {@code IoHandler} refused closes the channel without
 * events ({@link #closeForcibly()}), since no handler has seen it yet.
 *
 * <p><b>Close sequence.</b> Mark the close as initiated; detach the outbound buffer (no more
 * writes); fail a pending connect; cancel the I/O registration (before the resource closes, so no
 * event arrives for a closed one); {@link AbstractChannel#doClose()}; fail and release the queued
 * writes; then fire {@code channelInactive}, {@code channelUnregistered}, remove every handler, and
 * complete the close future — later, as a task, if the close happened inside {@code doWrite}, so
 * handlers still in {@code flush()} do not see the channel go inactive under them.
 *
 * <p>Everything here runs on the channel's event loop, except the reads of the volatile state
 * ({@link #isRegistered()}, {@link #registration()}, {@link #outboundBuffer()}) and {@link
 * #closeFuture()}, which any thread may call.
 */
final class ChannelHead implements ChannelHandler {
  private static final VarHandle CLOSE_FUTURE;
  private static final VarHandle OUTBOUND_BUFFER;

  static {
    try {
      CLOSE_FUTURE =
          MethodHandles.lookup()
              .findVarHandle(ChannelHead.class, "closeFuture", DefaultPromise.class);
      OUTBOUND_BUFFER =
          MethodHandles.lookup()
              .findVarHandle(ChannelHead.class, "outboundBuffer", ChannelOutboundBuffer.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  // Logged under the channel class's name: that is the name users configure logging for.
  private static final System.Logger LOGGER = System.getLogger(AbstractChannel.class.getName());

  private final AbstractChannel channel;
  // Created by the first write and dropped again whenever everything written has left it (see
  // dropOutboundBufferIfIdle), so an idle connection holds none; null also once writes are closed.
  private volatile ChannelOutboundBuffer outboundBuffer;
  // Set before the output closes for good (close, or output shut down): no buffer is made after.
  private volatile boolean writesClosed;
  // Set once anyone sets a user-defined writability bit: from then on the buffer carrying the bits
  // stays, since another thread may be changing it while the loop would drop it.
  private volatile boolean writabilityPinned;
  private volatile boolean registered;
  private volatile IoRegistration registration;
  // Created on first use (an idle connection nobody watches never needs it) and installed by
  // compare-and-set, so every thread sees one instance.
  private volatile DefaultPromise<Void> closeFuture;
  private boolean closeInitiated;
  private boolean inFlush;
  private boolean outputClosed;
  private Throwable closeCause;
  private PendingConnect pendingConnect;

  ChannelHead(AbstractChannel channel) {
    this.channel = channel;
  }

  // ---- state, for the channel ----

  boolean isRegistered() {
    return registered;
  }

  IoRegistration registration() {
    return registration;
  }

  /** The outbound buffer, or {@code null} if nothing is queued now or writes are closed. */
  ChannelOutboundBuffer outboundBuffer() {
    return outboundBuffer;
  }

  /** Whether writes fail from now on (closed, or output shut down); any thread. */
  boolean writesClosed() {
    return writesClosed;
  }

  /**
   * The outbound buffer, created if there is none; {@code null} once writes are closed. Any thread:
   * a buffer is installed by compare-and-set, so every thread sees one instance.
   */
  private ChannelOutboundBuffer outboundBufferForWrite() {
    ChannelOutboundBuffer b = outboundBuffer;
    if (b != null || writesClosed) {
      return b;
    }
    ChannelOutboundBuffer created = new ChannelOutboundBuffer(channel);
    ChannelOutboundBuffer witness =
        (ChannelOutboundBuffer)
            OUTBOUND_BUFFER.compareAndExchange(this, (ChannelOutboundBuffer) null, created);
    if (witness != null) {
      return witness;
    }
    if (writesClosed) { // closed meanwhile: the close did not see this buffer
      OUTBOUND_BUFFER.compareAndSet(this, created, (ChannelOutboundBuffer) null);
      return null;
    }
    return created;
  }

  /**
   * Sets a user-defined writability bit on the buffer (made if needed) and keeps the buffer from
   * then on; any thread. A no-op once writes are closed.
   */
  void userDefinedWritability(int index, boolean writable) {
    writabilityPinned = true;
    for (; ; ) {
      ChannelOutboundBuffer b = outboundBufferForWrite();
      if (b == null) {
        return;
      }
      b.setUserDefinedWritability(index, writable);
      // The loop may have dropped b between our reads (before it saw the pin): set the bit on
      // whichever buffer is current now. Setting a bit twice is harmless.
      if (outboundBuffer == b || writesClosed) {
        return;
      }
    }
  }

  /**
   * Drops the outbound buffer once nothing is queued, the channel is writable and no user-defined
   * bit was ever used, so an idle connection keeps no buffer between its writes. Event loop only.
   */
  private void dropOutboundBufferIfIdle(ChannelOutboundBuffer buffer) {
    if (!buffer.isUnused() || writabilityPinned || inFlush) {
      return;
    }
    if (OUTBOUND_BUFFER.compareAndSet(this, buffer, (ChannelOutboundBuffer) null)
        && writabilityPinned) {
      // A writability setter came in meanwhile and may have set its bit on this buffer: put it
      // back, or, if another setter installed a new one in the meantime, carry the bits over.
      ChannelOutboundBuffer witness =
          (ChannelOutboundBuffer)
              OUTBOUND_BUFFER.compareAndExchange(this, (ChannelOutboundBuffer) null, buffer);
      if (witness != null) {
        witness.addUserDefinedUnwritability(buffer);
      }
    }
  }

  /** The close future, created by whichever thread asks first; the close sequence completes it. */
  DefaultPromise<Void> closeFuture() {
    DefaultPromise<Void> f = closeFuture;
    if (f != null) {
      return f;
    }
    DefaultPromise<Void> created = new DefaultPromise<>(channel.eventLoop());
    return CLOSE_FUTURE.compareAndSet(this, (DefaultPromise<Void>) null, created)
        ? created
        : closeFuture; // another thread installed one first
  }

  // ---- the pipeline's outbound operations ----

  @Override
  public void bind(ChannelHandlerContext ctx, SocketAddress localAddress, Promise<Void> promise) {
    assert channel.eventLoop().inEventLoop();
    if (!promise.setUncancellable() || !ensureOpen(promise) || !ensureRegistered(promise)) {
      return;
    }
    boolean wasActive = channel.isActive();
    try {
      channel.doBind(localAddress);
    } catch (Throwable t) {
      promise.tryFailure(t);
      closeIfClosed();
      return;
    }
    if (!wasActive && channel.isActive()) {
      activated();
    }
    promise.trySuccess(null);
  }

  @Override
  public void connect(
      ChannelHandlerContext ctx,
      SocketAddress remoteAddress,
      SocketAddress localAddress,
      Promise<Void> promise) {
    assert channel.eventLoop().inEventLoop();
    if (!promise.setUncancellable() || !ensureOpen(promise) || !ensureRegistered(promise)) {
      return;
    }
    if (pendingConnect != null) {
      promise.tryFailure(new ConnectionPendingException());
      return;
    }
    boolean wasActive = channel.isActive();
    try {
      if (channel.doConnect(remoteAddress, localAddress)) {
        connected(promise, wasActive);
        return;
      }
    } catch (Throwable t) {
      promise.tryFailure(PendingConnect.annotate(t, remoteAddress));
      closeIfClosed();
      return;
    }
    PendingConnect pending = new PendingConnect(channel, this, promise, remoteAddress);
    pendingConnect = pending;
    pending.scheduleTimeout(channel.config().connectTimeoutMillis());
  }

  @Override
  public void disconnect(ChannelHandlerContext ctx, Promise<Void> promise) {
    assert channel.eventLoop().inEventLoop();
    if (!promise.setUncancellable()) {
      return;
    }
    boolean wasActive = channel.isActive();
    boolean disconnected;
    try {
      disconnected = channel.doDisconnect();
    } catch (Throwable t) {
      promise.tryFailure(t);
      closeIfClosed();
      return;
    }
    if (!disconnected) {
      close(promise, null);
      return;
    }
    channel.forgetRemoteAddress();
    if (wasActive && !channel.isActive()) {
      channel.pipeline().fireChannelInactive();
    }
    promise.trySuccess(null);
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) {
    close(promise, null);
  }

  @Override
  public void read(ChannelHandlerContext ctx) {
    assert channel.eventLoop().inEventLoop();
    if (!registered || !channel.isActive()) {
      return;
    }
    try {
      channel.doBeginRead();
    } catch (Throwable t) {
      channel.fireExceptionCaughtLater(t);
      closeNow(t);
    }
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    assert channel.eventLoop().inEventLoop();
    ChannelOutboundBuffer buffer = outboundBufferForWrite();
    if (buffer == null) {
      ReferenceCountUtil.safeRelease(msg);
      promise.tryFailure(
          outputClosed && !closeInitiated
              ? new ChannelOutputShutdownException("output shut down: " + channel)
              : newClosedChannelException());
      return;
    }
    Object filtered;
    try {
      filtered = channel.filterOutboundMessage(msg);
    } catch (Throwable t) {
      ReferenceCountUtil.safeRelease(msg);
      promise.tryFailure(t);
      return;
    }
    buffer.addMessage(filtered, channel.estimateSize(filtered), promise);
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    assert channel.eventLoop().inEventLoop();
    ChannelOutboundBuffer buffer = outboundBuffer;
    if (buffer == null) {
      return;
    }
    buffer.addFlush();
    flushNow(false);
  }

  // ---- registration ----

  /** Registers the channel's handle with its loop (see the class comment). */
  void register(Promise<Void> promise) {
    assert channel.eventLoop().inEventLoop();
    if (registered || closeInitiated) {
      promise.tryFailure(
          closeInitiated
              ? newClosedChannelException()
              : new IllegalStateException("already registered: " + channel));
      return;
    }
    Future<IoRegistration> f = channel.registerIo();
    if (f.isDone()) {
      registrationDone(f, promise);
    } else {
      f.addListener(done -> registrationDone(done, promise));
    }
  }

  private void registrationDone(Future<? extends IoRegistration> f, Promise<Void> promise) {
    if (!f.isSuccess()) {
      closeForcibly();
      promise.tryFailure(f.cause());
      return;
    }
    IoRegistration r = f.getNow();
    if (closeInitiated) {
      r.cancel();
      promise.tryFailure(newClosedChannelException());
      return;
    }
    registration = r;
    registered = true;
    channel.pipeline().fireChannelRegistered();
    if (channel.isActive()) {
      activated();
    }
    promise.trySuccess(null);
  }

  // ---- connecting ----

  /**
   * The transport reports the outcome of a pending connect: see {@link PendingConnect#finish()}.
   */
  void finishConnect() {
    PendingConnect pending = pendingConnect;
    if (pending != null) { // else timed out or cancelled meanwhile
      pending.finish();
    }
  }

  /**
   * A pending connect ended (finished or timed out).
   *
   * @return whether it was still this channel's pending connect
   */
  boolean connectEnded(PendingConnect pending) {
    if (pendingConnect != pending) {
      return false;
    }
    pendingConnect = null;
    return true;
  }

  /** A connect completed: {@code channelActive} if this made the channel active, then success. */
  void connected(Promise<Void> promise, boolean wasActive) {
    if (!wasActive && channel.isActive()) {
      activated();
    }
    promise.trySuccess(null);
  }

  /** The channel became active (registered active, bound or connected). */
  private void activated() {
    channel.pipeline().fireChannelActive();
    if (channel.config().autoRead()) {
      channel.pipeline().read();
    }
  }

  // ---- writing ----

  /**
   * Writes what is flushed unless a write is in progress or (without {@code force}) the transport
   * waits for writability; fails the flushed writes if the channel is not active. Also the
   * transport's way back in when the resource turns writable ({@link
   * AbstractChannel#writeReady()}).
   */
  void flushNow(boolean force) {
    ChannelOutboundBuffer buffer = outboundBuffer;
    if (inFlush || buffer == null) {
      return;
    }
    if (buffer.isEmpty() || (!force && channel.isFlushPending())) {
      dropOutboundBufferIfIdle(buffer); // e.g. a completed asynchronous write emptied it
      return;
    }
    inFlush = true;
    try {
      if (!channel.isActive()) {
        buffer.failFlushed(
            channel.isOpen() ? new NotYetConnectedException() : newClosedChannelException(), true);
        return;
      }
      channel.doWrite(buffer);
    } catch (Throwable t) {
      writeFailed(buffer, t);
    } finally {
      inFlush = false;
    }
    dropOutboundBufferIfIdle(buffer);
  }

  /**
   * A {@code doWrite} threw: fails the flushed writes; then, for an I/O error, closes the channel
   * if {@link io.tern.transport.channel.ChannelConfig#autoClose()} is on, or lets a duplex channel
   * shut its output down instead.
   */
  private void writeFailed(ChannelOutboundBuffer buffer, Throwable cause) {
    buffer.failFlushed(cause, true);
    if (cause instanceof IOException io) {
      if (channel.config().autoClose()) {
        closeNow(cause);
      } else {
        channel.writeFailedWithoutAutoClose(io);
      }
    }
  }

  /**
   * Stops accepting writes because the output is shut down: queued writes fail with {@code cause}
   * and are released; later ones fail with a {@link ChannelOutputShutdownException}.
   */
  void closeOutbound(ChannelOutputShutdownException cause) {
    if (writesClosed) {
      return;
    }
    writesClosed = true;
    outputClosed = true;
    ChannelOutboundBuffer buffer =
        (ChannelOutboundBuffer) OUTBOUND_BUFFER.getAndSet(this, (ChannelOutboundBuffer) null);
    if (buffer != null) {
      buffer.close(cause);
    }
  }

  // ---- closing ----

  /** Closes from the transport, without the pipeline's outbound handlers. */
  @CanIgnoreReturnValue
  Future<Void> closeNow(Throwable cause) {
    Promise<Void> promise = channel.newPromise();
    close(promise, cause);
    return promise;
  }

  /** Closes the channel (see the class comment); {@code cause} becomes the later writes' cause. */
  void close(Promise<Void> promise, Throwable cause) {
    assert channel.eventLoop().inEventLoop();
    if (!promise.setUncancellable()) {
      return;
    }
    if (closeInitiated) {
      closeFuture().addListener(f -> promise.trySuccess(null));
      return;
    }
    closeInitiated = true;
    closeCause = cause;
    boolean wasActive = channel.isActive();
    writesClosed = true; // no more writes from here on
    ChannelOutboundBuffer buffer =
        (ChannelOutboundBuffer) OUTBOUND_BUFFER.getAndSet(this, (ChannelOutboundBuffer) null);
    PendingConnect connecting = pendingConnect;
    if (connecting != null) {
      pendingConnect = null;
      connecting.failOnClose(newClosedChannelException());
    }
    boolean wasRegistered = registered;
    registered = false;
    IoRegistration r = registration;
    if (r != null) {
      registration = null;
      r.cancel(); // before closing the resource, so no event arrives for a closed one
    }
    Throwable closeError = null;
    try {
      channel.doClose();
    } catch (Throwable t) {
      closeError = t;
      LOGGER.log(System.Logger.Level.WARNING, "Failed to close " + channel, t);
    }
    if (buffer != null) {
      buffer.close(newClosedChannelException());
    }
    Throwable error = closeError;
    if (inFlush) {
      // Firing inactive from inside doWrite could confuse handlers still in flush(): later.
      channel.eventLoop().execute(() -> fireClosed(wasActive, wasRegistered, promise, error));
    } else {
      fireClosed(wasActive, wasRegistered, promise, error);
    }
  }

  private void fireClosed(
      boolean wasActive, boolean wasRegistered, Promise<Void> promise, Throwable error) {
    if (wasActive) {
      channel.pipeline().fireChannelInactive();
    }
    if (wasRegistered) {
      channel.pipeline().fireChannelUnregistered();
    }
    removeAllHandlers();
    closeFuture().trySuccess(null);
    if (error != null) {
      promise.tryFailure(error);
    } else {
      promise.trySuccess(null);
    }
  }

  /** Closes without events: registration failed, so no handler ever saw this channel. */
  private void closeForcibly() {
    closeInitiated = true;
    writesClosed = true;
    ChannelOutboundBuffer buffer =
        (ChannelOutboundBuffer) OUTBOUND_BUFFER.getAndSet(this, (ChannelOutboundBuffer) null);
    try {
      channel.doClose();
    } catch (Throwable t) {
      LOGGER.log(System.Logger.Level.WARNING, "Failed to close " + channel, t);
    }
    if (buffer != null) {
      buffer.close(newClosedChannelException());
    }
    removeAllHandlers();
    closeFuture().trySuccess(null);
  }

  private void removeAllHandlers() {
    // AbstractChannel's pipeline() is always its TransportPipeline
    ((TransportPipeline) channel.pipeline()).removeAll();
  }

  private void closeIfClosed() {
    if (!channel.isOpen()) {
      closeNow(null);
    }
  }

  private boolean ensureOpen(Promise<Void> promise) {
    if (channel.isOpen() && !closeInitiated) {
      return true;
    }
    promise.tryFailure(newClosedChannelException());
    return false;
  }

  private boolean ensureRegistered(Promise<Void> promise) {
    if (registered) {
      return true;
    }
    promise.tryFailure(new IllegalStateException("not registered: " + channel));
    return false;
  }

  /** A {@link ClosedChannelException} whose cause is what closed the channel, if known. */
  ClosedChannelException newClosedChannelException() {
    ClosedChannelException e = new ClosedChannelException();
    if (closeCause != null) {
      e.initCause(closeCause);
    }
    return e;
  }
}

package io.tern.handler.ssl;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.codec.EncoderException;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;

/**
 * TLS for a channel over the JDK's {@link SSLEngine}: decrypts inbound records into plaintext
 * {@link ByteBuf}s for the handlers after it, and encrypts the {@code ByteBuf}s written through it.
 * Put it first in the pipeline (get one from {@link SslContext#newHandler}).
 *
 * <h2>Handshake</h2>
 *
 * A client starts the handshake when the channel becomes active (or when the handler is added to an
 * active channel); a server waits for the client's hello. {@link #handshakeFuture()} and an {@link
 * SslHandshakeCompletionEvent} report the outcome; a failure (untrusted certificate, no common
 * protocol or ALPN protocol, bytes that are not TLS, the handshake timeout) sends the engine's
 * alert and closes the channel. Writes made before the handshake completes are queued and encrypted
 * once it has. Renegotiation (TLS 1.2 and earlier) is refused: it fails the connection.
 *
 * <h2>Data</h2>
 *
 * <ul>
 *   <li>Inbound: every complete record in hand (up to 64 KiB of them) is decrypted into one buffer
 *       from the channel's allocator, so a read of many records yields one message.
 *   <li>Outbound: writes queue until a flush; the flush encrypts them in as few records as their
 *       size allows (a record is filled from several small writes without copying them together)
 *       and writes up to 64 KiB of records as one buffer, flushing each full buffer at once so that
 *       a large flush starts reaching the peer while the rest is encrypted. A write's future
 *       completes when the buffer holding the end of its data is written.
 *   <li>The engine encrypts and decrypts in heap buffers (the JDK's AES-GCM is fastest on arrays):
 *       inbound records in direct memory are copied to the heap in one go per batch.
 * </ul>
 *
 * <h2>Closing</h2>
 *
 * Closing the channel sends {@code close_notify}, then waits up to the close-notify timeout for the
 * peer's before closing the connection. When the peer's {@code close_notify} arrives first, the
 * handler fires an {@link SslCloseCompletionEvent}, completes {@link #sslCloseFuture()} and closes
 * the channel (answering with its own {@code close_notify}): nothing more can be read, and writes
 * pending at that point fail.
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor; one instance per channel. The futures complete on that
 * executor, and their listeners run there (a listener added after completion runs on the caller's
 * thread).
 *
 * <h2>Ownership</h2>
 *
 * The handler releases every buffer written through it (once encrypted, or when the write fails)
 * and hands decrypted buffers on to the next handler, which releases them.
 */
public class SslHandler extends ByteToMessageDecoder {
  private static final System.Logger LOGGER = System.getLogger(SslHandler.class.getName());

  /** Ciphertext decrypted per batch, and plaintext encrypted into one outbound buffer. */
  static final int MAX_BATCH_BYTES = 64 * 1024;

  private final SSLEngine engine;
  private final long handshakeTimeoutNanos;
  private final long closeNotifyTimeoutNanos;
  private final Promise<Void> handshakePromise =
      new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
  private final Promise<Void> sslClosePromise =
      new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
  private final SslEncryptor encryptor;
  private final SslDecryptor decryptor;
  private final Steps steps = new Steps();

  private ChannelHandlerContext ctx;
  private boolean handshakeStarted;
  private boolean flushedBeforeHandshake;
  private boolean tls13;
  private boolean readDuringHandshake;
  private boolean inboundDone;
  private boolean failed;
  private ScheduledFuture<?> handshakeTimeout;

  // Closing: closePromise is set once close() ran; the channel closes when the close_notify was
  // written and the peer's arrived, or when the timeout fires.
  private Promise<Void> closePromise;
  private boolean closeNotifyWritten;
  private boolean channelClosing;
  private ScheduledFuture<?> closeTimeout;

  /**
   * Creates a handler with a 10 s handshake timeout and a 3 s close-notify timeout.
   *
   * @param engine a configured engine, in client or server mode; the handler owns it from now on
   */
  public SslHandler(SSLEngine engine) {
    this(engine, Duration.ofSeconds(10), Duration.ofSeconds(3));
  }

  /**
   * Creates a handler.
   *
   * @param engine a configured engine, in client or server mode; the handler owns it from now on
   * @param handshakeTimeout how long the handshake may take; zero for no limit
   * @param closeNotifyTimeout how long to wait for the peer's {@code close_notify} after sending
   *     ours; zero to close at once
   */
  public SslHandler(SSLEngine engine, Duration handshakeTimeout, Duration closeNotifyTimeout) {
    if (handshakeTimeout.isNegative() || closeNotifyTimeout.isNegative()) {
      throw new IllegalArgumentException("timeouts must not be negative");
    }
    this.engine = engine;
    this.encryptor = new SslEncryptor(engine, MAX_BATCH_BYTES);
    this.decryptor = new SslDecryptor(engine, MAX_BATCH_BYTES);
    this.handshakeTimeoutNanos = handshakeTimeout.toNanos();
    this.closeNotifyTimeoutNanos = closeNotifyTimeout.toNanos();
  }

  /**
   * Returns the engine.
   *
   * @return the engine this handler drives; do not wrap or unwrap with it
   */
  public SSLEngine engine() {
    return engine;
  }

  /**
   * Returns a future completed when the handshake succeeds or fails.
   *
   * @return the handshake future
   */
  public Future<Void> handshakeFuture() {
    return handshakePromise;
  }

  /**
   * Returns a future completed when the peer's {@code close_notify} arrives, or failed when the
   * channel closes without one.
   *
   * @return the close future
   */
  public Future<Void> sslCloseFuture() {
    return sslClosePromise;
  }

  /**
   * Returns the ALPN protocol the handshake selected.
   *
   * @return the protocol, or {@code null} before the handshake completes or without ALPN
   */
  public String applicationProtocol() {
    String protocol = engine.getApplicationProtocol();
    return protocol == null || protocol.isEmpty() ? null : protocol;
  }

  /**
   * Returns the session once the handshake completed.
   *
   * @return the session (an invalid placeholder before the handshake completes)
   */
  public SSLSession session() {
    return engine.getSession();
  }

  // ---------------------------------------------------------------------------------------------
  // Lifecycle and handshake

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
    this.ctx = ctx;
    if (ctx.channel().isActive()) {
      startHandshake(ctx);
    }
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    startHandshake(ctx);
    ctx.fireChannelActive();
  }

  private void startHandshake(ChannelHandlerContext ctx) {
    if (handshakeStarted) {
      return;
    }
    handshakeStarted = true;
    if (handshakeTimeoutNanos > 0) {
      handshakeTimeout =
          ctx.executor()
              .schedule(this::handshakeTimedOut, handshakeTimeoutNanos, TimeUnit.NANOSECONDS);
    }
    try {
      engine.beginHandshake();
      if (engine.getUseClientMode()) {
        encryptor.wrapNonAppData(ctx, steps);
        encryptor.flushIfNeeded(ctx);
      }
      if (!ctx.channel().config().autoRead()) {
        ctx.read(); // the handshake needs the peer's answer whatever the application reads
      }
    } catch (SSLException e) {
      fail(ctx, e);
    }
  }

  private void handshakeTimedOut() {
    if (!handshakePromise.isDone()) {
      SslHandshakeTimeoutException e =
          new SslHandshakeTimeoutException(
              "handshake not done in "
                  + TimeUnit.NANOSECONDS.toMillis(handshakeTimeoutNanos)
                  + " ms");
      fail(ctx, e);
      ctx.fireExceptionCaught(e);
    }
  }

  private void handshakeSucceeded(ChannelHandlerContext ctx) throws SSLException {
    if (handshakePromise.isDone()) {
      return;
    }
    cancel(handshakeTimeout);
    tls13 = "TLSv1.3".equals(engine.getSession().getProtocol());
    handshakePromise.trySuccess(null);
    ctx.fireUserEventTriggered(SslHandshakeCompletionEvent.SUCCESS);
    if (readDuringHandshake && !ctx.channel().config().autoRead()) {
      // The application asked for data while handshake records used up its reads.
      readDuringHandshake = false;
      ctx.read();
    }
    if (encryptor.hasPending()) {
      encryptor.wrapPending(ctx, steps, flushedBeforeHandshake);
    }
    if (flushedBeforeHandshake) {
      flushedBeforeHandshake = false;
      encryptor.requestFlush();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Inbound

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
      throws SSLException {
    if (inboundDone || failed) {
      in.skipBytes(in.readableBytes()); // nothing may follow close_notify or a fatal alert
      return;
    }
    try {
      int length = decryptor.completeRecords(in, handshakePromise.isDone() && !tls13);
      if (length > 0 && decryptor.unwrap(ctx, in, length, steps)) {
        peerClosed(ctx);
      }
    } catch (SSLException e) {
      fail(ctx, e);
      throw e;
    } finally {
      encryptor.flushIfNeeded(ctx);
    }
  }

  /** Runs delegated tasks and wraps handshake messages until the engine waits for the peer. */
  private void handleHandshakeStatus(ChannelHandlerContext ctx, HandshakeStatus status)
      throws SSLException {
    for (; ; ) {
      switch (status) {
        case NEED_TASK -> {
          SslEncryptor.runDelegatedTasks(engine);
          status = engine.getHandshakeStatus();
        }
        case NEED_WRAP -> {
          encryptor.wrapNonAppData(ctx, steps);
          return;
        }
        case FINISHED -> {
          handshakeSucceeded(ctx);
          status = engine.getHandshakeStatus();
        }
        default -> {
          return; // NEED_UNWRAP, NOT_HANDSHAKING
        }
      }
    }
  }

  /** Hands handshake progress seen while wrapping or unwrapping back to this handler. */
  private final class Steps implements SslEncryptor.HandshakeSteps, SslDecryptor.UnwrapSteps {
    @Override
    public void onStatus(ChannelHandlerContext ctx, HandshakeStatus status) throws SSLException {
      handleHandshakeStatus(ctx, status);
    }

    @Override
    public void onFinished(ChannelHandlerContext ctx) throws SSLException {
      handshakeSucceeded(ctx);
    }

    @Override
    public boolean failed() {
      return failed;
    }
  }

  private void peerClosed(ChannelHandlerContext ctx) {
    inboundDone = true;
    if (sslClosePromise.trySuccess(null)) {
      ctx.fireUserEventTriggered(SslCloseCompletionEvent.SUCCESS);
    }
    if (closePromise != null) {
      maybeFinishClose();
    } else {
      // Closing from inside decode would re-enter it through channelInactive: do it right after.
      ctx.executor().execute(() -> ctx.channel().close());
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    encryptor.flushIfNeeded(ctx);
    if (!ctx.channel().config().autoRead()
        && (!decryptor.firedRead() || !handshakePromise.isDone())
        && !inboundDone) {
      // Nothing reached the application (a partial record, or handshake traffic): with autoRead
      // off it would never ask again, so ask for it.
      ctx.read();
    }
    decryptor.forgetFiredRead();
    // Not super.channelReadComplete: it asks for a read whenever its output list stayed empty, and
    // this handler fires decrypted data itself, so the decision above is the only one to make.
    discardSomeReadBytes();
    ctx.fireChannelReadComplete();
  }

  @Override
  public void read(ChannelHandlerContext ctx) {
    if (!handshakePromise.isDone()) {
      readDuringHandshake = true;
    }
    ctx.read();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    cancel(handshakeTimeout);
    cancel(closeTimeout);
    ClosedChannelException closed = new ClosedChannelException();
    if (!handshakePromise.isDone()) {
      SSLException cause = new SSLException("connection closed during the TLS handshake", closed);
      handshakePromise.tryFailure(cause);
      ctx.fireUserEventTriggered(new SslHandshakeCompletionEvent(cause));
    }
    if (sslClosePromise.tryFailure(closed)) {
      ctx.fireUserEventTriggered(new SslCloseCompletionEvent(closed));
    }
    encryptor.failPending(closed);
    closeEngine();
    super.channelInactive(ctx);
  }

  @Override
  protected void decoderRemoved(ChannelHandlerContext ctx) {
    cancel(handshakeTimeout);
    cancel(closeTimeout);
    encryptor.failPending(new SSLException("SslHandler removed before the data was encrypted"));
    if (!handshakePromise.isDone()) {
      handshakePromise.tryFailure(new SSLException("SslHandler removed during the handshake"));
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Outbound

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    if (!(msg instanceof ByteBuf buf)) {
      ReferenceCountUtil.release(msg);
      promise.tryFailure(
          new EncoderException(
              "SslHandler writes ByteBuf only, not "
                  + (msg == null ? null : msg.getClass().getName())));
      return;
    }
    if (closePromise != null || failed) {
      buf.release();
      promise.tryFailure(new SSLException("TLS connection is closing"));
      return;
    }
    encryptor.queue(buf, promise);
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    if (!handshakePromise.isDone()) {
      flushedBeforeHandshake = true;
      if (!handshakeStarted && ctx.channel().isActive()) {
        startHandshake(ctx);
      }
      return;
    }
    try {
      encryptor.wrapPending(ctx, steps, true);
    } catch (SSLException e) {
      fail(ctx, e);
      ctx.fireExceptionCaught(e);
    }
    ctx.flush();
    encryptor.flushed();
  }

  // ---------------------------------------------------------------------------------------------
  // Closing and failure

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) {
    closeOutboundAndChannel(ctx, promise);
  }

  @Override
  public void disconnect(ChannelHandlerContext ctx, Promise<Void> promise) {
    closeOutboundAndChannel(ctx, promise);
  }

  private void closeOutboundAndChannel(ChannelHandlerContext ctx, Promise<Void> promise) {
    if (closePromise != null) {
      // A second close completes with the first.
      closePromise.addListener(
          f -> {
            if (f.isSuccess()) {
              promise.trySuccess(null);
            } else {
              promise.tryFailure(f.cause());
            }
          });
      return;
    }
    closePromise = promise;
    if (!ctx.channel().isActive()) {
      channelClosing = true;
      ctx.close(promise);
      return;
    }
    if (encryptor.hasPending()) {
      // Only when there is something to fail: filling in a stack trace per close is measurable
      // in a handshake-per-connection load.
      encryptor.failPending(new ClosedChannelException());
    }
    engine.closeOutbound();
    Promise<Void> notifyWritten = ctx.newPromise();
    try {
      encryptor.wrapCloseNotify(ctx, notifyWritten);
    } catch (SSLException e) {
      LOGGER.log(System.Logger.Level.DEBUG, "cannot wrap close_notify", e);
      notifyWritten.trySuccess(null);
    }
    ctx.flush();
    encryptor.flushed();
    if (closeNotifyTimeoutNanos > 0) {
      closeTimeout =
          ctx.executor()
              .schedule(this::closeTimedOut, closeNotifyTimeoutNanos, TimeUnit.NANOSECONDS);
    }
    notifyWritten.addListener(
        f -> {
          closeNotifyWritten = true;
          maybeFinishClose();
        });
  }

  private void closeTimedOut() {
    closeNotifyWritten = true; // give up waiting for it too
    inboundDone = true;
    maybeFinishClose();
  }

  /** Closes the channel once our close_notify is out and the peer's is in (or waiting is over). */
  private void maybeFinishClose() {
    if (closePromise == null || channelClosing) {
      return;
    }
    boolean peerDone = inboundDone || closeNotifyTimeoutNanos == 0 || !ctx.channel().isActive();
    if (closeNotifyWritten && peerDone) {
      channelClosing = true;
      cancel(closeTimeout);
      ctx.close(closePromise);
    }
  }

  /**
   * Fails the connection: the handshake (if pending) and the queued writes fail with {@code cause},
   * the engine's alert is sent, and the channel is closed right after the current event.
   */
  private void fail(ChannelHandlerContext ctx, Throwable cause) {
    if (failed) {
      return;
    }
    failed = true;
    inboundDone = true; // no close_notify to wait for on a failed connection
    cancel(handshakeTimeout);
    if (handshakePromise.tryFailure(cause)) {
      ctx.fireUserEventTriggered(new SslHandshakeCompletionEvent(cause));
    }
    encryptor.failPending(cause);
    engine.closeOutbound();
    try {
      encryptor.wrapNonAppData(ctx, steps); // the alert, if the engine has one
    } catch (SSLException e) {
      LOGGER.log(System.Logger.Level.DEBUG, "cannot wrap the TLS alert", e);
    }
    encryptor.flushIfNeeded(ctx);
    closeEngine();
    // Closing from inside decode would re-enter it through channelInactive: do it right after.
    ctx.executor().execute(this::closeAfterFailure);
  }

  private void closeAfterFailure() {
    if (closePromise != null) {
      closeNotifyWritten = true; // a close was waiting for the peer: stop waiting
      maybeFinishClose();
    } else {
      ctx.channel().close();
    }
  }

  private void closeEngine() {
    engine.closeOutbound();
    try {
      engine.closeInbound();
    } catch (SSLException e) {
      // No close_notify from the peer: expected when the connection fails or is cut.
      LOGGER.log(System.Logger.Level.TRACE, "TLS inbound closed without close_notify", e);
    }
  }

  private static void cancel(ScheduledFuture<?> timeout) {
    if (timeout != null) {
      timeout.cancel(false);
    }
  }
}

package io.tern.codec.stomp;

import io.tern.common.concurrent.AbstractScheduledEventExecutor;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.ScheduledFuture;
import io.tern.common.concurrent.Ticker;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.concurrent.TimeUnit;

/**
 * Negotiates, sends and enforces STOMP heart-beats. Place it right after the {@link StompCodec}:
 *
 * <pre>{@code
 * ch.pipeline().addLast(new StompCodec(), new StompHeartbeatHandler(), new MyStompHandler());
 * }</pre>
 *
 * <p>It reads the {@code heart-beat} header of the {@code CONNECT} (or {@code STOMP}) and of the
 * {@code CONNECTED} frame as they pass, whichever side wrote which, and once it has both computes
 * each direction's interval with {@link StompHeartbeat#interval(long, long)}. From then on:
 *
 * <ul>
 *   <li>when nothing was written for the send interval it writes a heart-beat (one LF) and flushes;
 *   <li>when nothing at all arrived (frames, heart-beats, or part of a frame: any read counts) for
 *       the receive interval times the {@linkplain #StompHeartbeatHandler(double) tolerance}, it
 *       fires a {@link StompHeartbeatTimeoutException} through {@code exceptionCaught} and closes
 *       the channel.
 * </ul>
 *
 * <p>The application chooses its own {@code heart-beat} header on the frame it writes: a client on
 * its {@code CONNECT}, a server on its {@code CONNECTED} (typically after reading the client's).
 * STOMP 1.0 has no heart-beats: without the headers nothing is scheduled.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; keeps per-connection state, so each channel needs its own instance.
 *
 * <h2>Ownership</h2>
 *
 * Passes every message on untouched; the heart-beats it writes are its own buffers, released by the
 * transport once written.
 */
public final class StompHeartbeatHandler implements ChannelHandler {
  /** How many receive intervals of silence close the connection unless told otherwise. */
  public static final double DEFAULT_TOLERANCE = 2.0;

  private final double tolerance;
  private ChannelHandlerContext ctx;
  private Ticker ticker;
  private StompHeartbeat local; // what this side wrote
  private StompHeartbeat remote; // what the peer wrote
  private long sendNanos;
  private long receiveNanos; // the silence allowed, tolerance included
  private long lastReadNanos;
  private long lastWriteNanos;
  private ScheduledFuture<?> sendTask;
  private ScheduledFuture<?> receiveTask;
  private boolean stopped;

  /** Creates a handler with {@link #DEFAULT_TOLERANCE}. */
  public StompHeartbeatHandler() {
    this(DEFAULT_TOLERANCE);
  }

  /**
   * Creates a handler.
   *
   * @param tolerance how many receive intervals of silence to allow before closing, at least 1
   */
  public StompHeartbeatHandler(double tolerance) {
    if (!(tolerance >= 1)) {
      throw new IllegalArgumentException("tolerance: " + tolerance + " (expected: >= 1)");
    }
    this.tolerance = tolerance;
  }

  /**
   * Returns how often this side sends heart-beats, once negotiated.
   *
   * @return milliseconds; 0 when none are sent or nothing is negotiated yet
   */
  public long sendIntervalMillis() {
    return TimeUnit.NANOSECONDS.toMillis(sendNanos);
  }

  /**
   * Returns how long this side waits for the peer before closing, tolerance included.
   *
   * @return milliseconds; 0 when nothing is enforced or nothing is negotiated yet
   */
  public long receiveTimeoutMillis() {
    return TimeUnit.NANOSECONDS.toMillis(receiveNanos);
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
    EventExecutor executor = ctx.executor();
    this.ticker =
        executor instanceof AbstractScheduledEventExecutor scheduled
            ? scheduled.ticker()
            : Ticker.system();
    lastReadNanos = lastWriteNanos = ticker.nanoTime();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    stop();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    stop();
    ctx.fireChannelInactive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    lastReadNanos = ticker.nanoTime();
    if (msg instanceof StompFrame frame && remote == null && isHandshake(frame.command())) {
      try {
        remote = StompHeartbeat.parse(frame.headers().get(StompHeaders.HEART_BEAT));
      } catch (StompCodecException e) {
        frame.release();
        throw e;
      }
      start();
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    // Every read burst reaches here, even one that only completed part of a frame or carried only
    // heart-beats, which the codec swallows: each is a sign of life.
    lastReadNanos = ticker.nanoTime();
    ctx.fireChannelReadComplete();
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    lastWriteNanos = ticker.nanoTime();
    if (msg instanceof StompFrame frame && local == null && isHandshake(frame.command())) {
      try {
        local = StompHeartbeat.parse(frame.headers().get(StompHeaders.HEART_BEAT));
      } catch (StompCodecException e) {
        frame.release();
        promise.tryFailure(e);
        return;
      }
      ctx.write(msg, promise);
      start();
      return;
    }
    ctx.write(msg, promise);
  }

  private static boolean isHandshake(StompCommand command) {
    return command.isConnectionFrame();
  }

  private void start() {
    if (local == null || remote == null || stopped) {
      return;
    }
    long send = StompHeartbeat.interval(local.sendMillis(), remote.receiveMillis());
    long receive = StompHeartbeat.interval(remote.sendMillis(), local.receiveMillis());
    sendNanos = TimeUnit.MILLISECONDS.toNanos(send);
    receiveNanos = (long) (TimeUnit.MILLISECONDS.toNanos(receive) * tolerance);
    if (sendNanos > 0) {
      sendTask = ctx.executor().schedule(this::sendIfIdle, sendNanos, TimeUnit.NANOSECONDS);
    }
    if (receiveNanos > 0) {
      lastReadNanos = ticker.nanoTime();
      receiveTask = ctx.executor().schedule(this::checkAlive, receiveNanos, TimeUnit.NANOSECONDS);
    }
  }

  private void sendIfIdle() {
    if (stopped) {
      return;
    }
    long idle = ticker.nanoTime() - lastWriteNanos;
    long next = sendNanos - idle;
    if (next <= 0) {
      lastWriteNanos = ticker.nanoTime();
      ctx.writeAndFlush(ctx.alloc().buffer(1).writeByte('\n'));
      next = sendNanos;
    }
    sendTask = ctx.executor().schedule(this::sendIfIdle, next, TimeUnit.NANOSECONDS);
  }

  private void checkAlive() {
    if (stopped) {
      return;
    }
    long silent = ticker.nanoTime() - lastReadNanos;
    if (silent >= receiveNanos) {
      stop();
      ctx.fireExceptionCaught(
          new StompHeartbeatTimeoutException(
              "no heart-beat or frame from the peer for "
                  + TimeUnit.NANOSECONDS.toMillis(silent)
                  + " ms (allowed: "
                  + TimeUnit.NANOSECONDS.toMillis(receiveNanos)
                  + " ms)"));
      ctx.close();
      return;
    }
    receiveTask =
        ctx.executor().schedule(this::checkAlive, receiveNanos - silent, TimeUnit.NANOSECONDS);
  }

  private void stop() {
    stopped = true;
    if (sendTask != null) {
      sendTask.cancel(false);
      sendTask = null;
    }
    if (receiveTask != null) {
      receiveTask.cancel(false);
      receiveTask = null;
    }
  }
}

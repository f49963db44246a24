package io.tern.examples.uptime;

import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Ticker;
import io.tern.handler.timeout.IdleState;
import io.tern.handler.timeout.IdleStateEvent;
import io.tern.handler.timeout.IdleStateHandler;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One connection of the uptime client: reports when it connects and disconnects with the client's
 * uptime, drops whatever the server sends, closes when an {@link IdleStateHandler} before it says
 * nothing arrived for a while, and tells the client once the channel is gone so it can reconnect.
 *
 * <h2>Threading</h2>
 *
 * <p>One instance per connection; its callbacks run on that channel's event loop. The log and the
 * close callback are called there too.
 *
 * <h2>Ownership</h2>
 *
 * <p>Releases every message it reads. Holds no reference-counted objects.
 */
public final class UptimeClientHandler implements ChannelHandler {
  private final Ticker ticker;
  private final long startNanos;
  private final Consumer<String> log;
  private final Runnable onGone;

  /**
   * Creates the handler for one connection.
   *
   * @param ticker the clock the uptime is read from
   * @param startNanos when the client started, in {@code ticker} time
   * @param log where the connection's events are reported
   * @param onGone called once, when the channel is unregistered (closed)
   */
  public UptimeClientHandler(
      Ticker ticker, long startNanos, Consumer<String> log, Runnable onGone) {
    this.ticker = ticker;
    this.startNanos = startNanos;
    this.log = log;
    this.onGone = onGone;
  }

  private String uptime() {
    return "uptime " + TimeUnit.NANOSECONDS.toSeconds(ticker.nanoTime() - startNanos) + " s";
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    log.accept("Connected to " + ctx.channel().remoteAddress() + " (" + uptime() + ")");
    ctx.fireChannelActive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ReferenceCountUtil.release(msg); // an uptime client only watches the connection
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    if (evt instanceof IdleStateEvent idle && idle.state() == IdleState.READER_IDLE) {
      log.accept("Nothing read for a while: disconnecting (" + uptime() + ")");
      ctx.close();
    } else {
      ctx.fireUserEventTriggered(evt);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    log.accept("Disconnected from " + ctx.channel().remoteAddress() + " (" + uptime() + ")");
    ctx.fireChannelInactive();
  }

  @Override
  public void channelUnregistered(ChannelHandlerContext ctx) {
    onGone.run();
    ctx.fireChannelUnregistered();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    log.accept("Closing after " + cause);
    ctx.close();
  }
}

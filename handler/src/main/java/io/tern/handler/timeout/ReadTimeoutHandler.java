package io.tern.handler.timeout;

import io.tern.transport.channel.ChannelHandlerContext;
import java.util.concurrent.TimeUnit;

/**
 * Fails and closes a channel that reads nothing for a while: fires a {@link ReadTimeoutException}
 * to {@code exceptionCaught} of the next handlers, then closes the channel (once).
 *
 * <pre>{@code
 * pipeline.addLast("readTimeout", new ReadTimeoutHandler(30));
 * }</pre>
 *
 * <p>Use {@link IdleStateHandler} to react otherwise (for example to send a heartbeat).
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * Messages pass on unchanged; it holds none.
 */
public class ReadTimeoutHandler extends IdleStateHandler {
  private final long timeoutMillis;
  private boolean closed;

  /**
   * Creates a handler.
   *
   * @param timeoutSeconds the read timeout in seconds; 0 for none
   */
  public ReadTimeoutHandler(int timeoutSeconds) {
    this(timeoutSeconds, TimeUnit.SECONDS);
  }

  /**
   * Creates a handler.
   *
   * @param timeout the read timeout; 0 for none
   * @param unit its unit
   */
  public ReadTimeoutHandler(long timeout, TimeUnit unit) {
    super(timeout, 0, 0, unit);
    this.timeoutMillis = unit.toMillis(timeout);
  }

  @Override
  protected final void channelIdle(ChannelHandlerContext ctx, IdleStateEvent evt) throws Exception {
    readTimedOut(ctx);
  }

  /**
   * Called when the timeout is reached; the default fires a {@link ReadTimeoutException} and closes
   * the channel, the first time only.
   *
   * @param ctx this handler's context
   * @throws Exception passed to {@code exceptionCaught}
   */
  protected void readTimedOut(ChannelHandlerContext ctx) throws Exception {
    if (!closed) {
      closed = true;
      ctx.fireExceptionCaught(
          new ReadTimeoutException("nothing read for " + timeoutMillis + " ms"));
      ctx.close();
    }
  }
}

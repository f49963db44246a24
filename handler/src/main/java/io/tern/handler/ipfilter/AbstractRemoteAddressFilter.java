package io.tern.handler.ipfilter;

import io.tern.common.concurrent.Future;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.net.SocketAddress;

/**
 * Decides once per channel, when it becomes active (or when the filter is added to an active
 * channel), whether to keep it, by its remote address: an accepted channel goes on with the filter
 * removed from its pipeline; a rejected one is closed (after the future {@link #channelRejected}
 * returns, if any, for example a goodbye message) and the handlers after the filter never see it
 * become active.
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor. Subclasses that keep no per-channel state (as {@link
 * RuleBasedIpFilter} and {@link UniqueIpFilter}) may be shared by all channels.
 *
 * <h2>Ownership</h2>
 *
 * Messages pass on unchanged; a refused channel is closed and what it reads released.
 */
public abstract class AbstractRemoteAddressFilter implements ChannelHandler {

  /** Creates a filter. */
  protected AbstractRemoteAddressFilter() {}

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
    if (ctx.channel().isActive()) {
      decide(ctx);
    }
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    if (decide(ctx)) {
      ctx.fireChannelActive();
    }
  }

  /** Returns whether the channel was accepted. */
  private boolean decide(ChannelHandlerContext ctx) throws Exception {
    if (ctx.isRemoved()) {
      return true; // decided already (added to an active channel)
    }
    SocketAddress remote = ctx.channel().remoteAddress();
    if (remote == null) {
      throw new IllegalStateException(
          "an active channel without a remote address: " + ctx.channel());
    }
    ctx.pipeline().remove(this);
    if (accept(ctx, remote)) {
      channelAccepted(ctx, remote);
      return true;
    }
    Future<?> rejected = channelRejected(ctx, remote);
    if (rejected == null) {
      ctx.close();
    } else {
      rejected.addListener(f -> ctx.close());
    }
    return false;
  }

  /**
   * Decides.
   *
   * @param ctx this handler's context
   * @param remoteAddress the peer's address
   * @return {@code true} to keep the channel
   * @throws Exception to fail the channel (passed to {@code exceptionCaught})
   */
  protected abstract boolean accept(ChannelHandlerContext ctx, SocketAddress remoteAddress)
      throws Exception;

  /**
   * Called after a channel was accepted; does nothing by default.
   *
   * @param ctx this handler's (now removed) context
   * @param remoteAddress the peer's address
   */
  protected void channelAccepted(ChannelHandlerContext ctx, SocketAddress remoteAddress) {}

  /**
   * Called when a channel is rejected, before it is closed; by default returns {@code null} to
   * close at once. Return the future of a last write (an error message) to close once it is done.
   *
   * @param ctx this handler's (now removed) context
   * @param remoteAddress the peer's address
   * @return a future to wait for before closing, or {@code null}
   */
  protected Future<?> channelRejected(ChannelHandlerContext ctx, SocketAddress remoteAddress) {
    return null;
  }
}

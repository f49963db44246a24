package io.tern.transport.channel;

import io.tern.common.ReferenceCountUtil;

/**
 * Handles inbound messages of one type in {@link #channelRead0}; other messages pass on unchanged.
 *
 * <h2>Threading</h2>
 *
 * <p>Called on the channel's executor.
 *
 * <h2>Ownership</h2>
 *
 * <p>With {@code autoRelease} (the default) a matched message is released after {@code
 * channelRead0} returns or throws; call {@link ReferenceCountUtil#retain} in {@code channelRead0}
 * to keep it. With {@code autoRelease=false}, {@code channelRead0} owns the message.
 *
 * @param <I> the message type handled
 */
public abstract class SimpleChannelInboundHandler<I> implements ChannelHandler {
  private final Class<? extends I> type;
  private final boolean autoRelease;

  /**
   * Creates a handler that releases messages it handles.
   *
   * @param type the message type to handle (instances of subtypes match too)
   */
  protected SimpleChannelInboundHandler(Class<? extends I> type) {
    this(type, true);
  }

  /**
   * Creates a handler.
   *
   * @param type the message type to handle (instances of subtypes match too)
   * @param autoRelease whether to release a handled message after {@link #channelRead0}
   */
  protected SimpleChannelInboundHandler(Class<? extends I> type, boolean autoRelease) {
    if (type == null) {
      throw new NullPointerException("type");
    }
    this.type = type;
    this.autoRelease = autoRelease;
  }

  /**
   * Tells whether this handler handles the message.
   *
   * @param msg the message
   * @return {@code true} if {@code msg} is an instance of the handled type
   */
  public boolean acceptInboundMessage(Object msg) {
    return type.isInstance(msg);
  }

  @Override
  public final void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (!acceptInboundMessage(msg)) {
      ctx.fireChannelRead(msg);
      return;
    }
    try {
      channelRead0(ctx, type.cast(msg));
    } finally {
      if (autoRelease) {
        ReferenceCountUtil.release(msg);
      }
    }
  }

  /**
   * Handles a message of the accepted type.
   *
   * @param ctx this handler's context
   * @param msg the message; released after return unless {@code autoRelease} is off
   * @throws Exception passed on to {@code exceptionCaught} of the next handler
   */
  protected abstract void channelRead0(ChannelHandlerContext ctx, I msg) throws Exception;
}

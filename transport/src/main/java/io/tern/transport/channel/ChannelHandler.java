package io.tern.transport.channel;

import io.tern.common.concurrent.Promise;
import java.net.SocketAddress;

/**
 * Handles inbound events and intercepts outbound operations of a {@link Channel}, as one element of
 * its {@link ChannelPipeline}.
 *
 * <p>Every method has a default that forwards to the next handler through the {@link
 * ChannelHandlerContext}: inbound events travel from the head towards the tail, outbound operations
 * from the tail towards the head. The pipeline skips a handler for each event whose method its
 * class does not override, so a handler pays only for the events it handles.
 *
 * <h2>Threading</h2>
 *
 * <p>All methods are called on the context's {@link ChannelHandlerContext#executor()} thread. A
 * handler instance belongs to one pipeline unless it keeps no per-channel state.
 *
 * <h2>Ownership</h2>
 *
 * <p>A message passed to {@link #channelRead} or {@link #write} belongs to the handler; it must
 * either pass it on or release it ({@link io.tern.common.ReferenceCountUtil#release}).
 */
public interface ChannelHandler {

  /**
   * Called after this handler was added to a pipeline and is ready to receive events.
   *
   * @param ctx this handler's context
   * @throws Exception if the handler cannot be set up; the pipeline then removes it
   */
  default void handlerAdded(ChannelHandlerContext ctx) throws Exception {}

  /**
   * Called after this handler was removed from its pipeline; it receives no further events.
   *
   * @param ctx this handler's (now removed) context
   * @throws Exception if cleaning up fails; the exception is logged
   */
  default void handlerRemoved(ChannelHandlerContext ctx) throws Exception {}

  /**
   * The channel was registered with its event loop.
   *
   * @param ctx this handler's context
   * @throws Exception passed on to {@link #exceptionCaught} of the next handler
   */
  default void channelRegistered(ChannelHandlerContext ctx) throws Exception {
    ctx.fireChannelRegistered();
  }

  /**
   * The channel was deregistered from its event loop.
   *
   * @param ctx this handler's context
   * @throws Exception passed on to {@link #exceptionCaught} of the next handler
   */
  default void channelUnregistered(ChannelHandlerContext ctx) throws Exception {
    ctx.fireChannelUnregistered();
  }

  /**
   * The channel became active (connected or bound).
   *
   * @param ctx this handler's context
   * @throws Exception passed on to {@link #exceptionCaught} of the next handler
   */
  default void channelActive(ChannelHandlerContext ctx) throws Exception {
    ctx.fireChannelActive();
  }

  /**
   * The channel is no longer active.
   *
   * @param ctx this handler's context
   * @throws Exception passed on to {@link #exceptionCaught} of the next handler
   */
  default void channelInactive(ChannelHandlerContext ctx) throws Exception {
    ctx.fireChannelInactive();
  }

  /**
   * A message was read; this handler now owns it.
   *
   * @param ctx this handler's context
   * @param msg the message, to pass on or release
   * @throws Exception passed on to {@link #exceptionCaught} of the next handler
   */
  default void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    ctx.fireChannelRead(msg);
  }

  /**
   * The current batch of reads is complete.
   *
   * @param ctx this handler's context
   * @throws Exception passed on to {@link #exceptionCaught} of the next handler
   */
  default void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
    ctx.fireChannelReadComplete();
  }

  /**
   * A user-defined event was fired.
   *
   * @param ctx this handler's context
   * @param evt the event; reference-counted events are released at the tail if nobody handles them
   * @throws Exception passed on to {@link #exceptionCaught} of the next handler
   */
  default void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
    ctx.fireUserEventTriggered(evt);
  }

  /**
   * The channel's writability changed.
   *
   * @param ctx this handler's context
   * @throws Exception passed on to {@link #exceptionCaught} of the next handler
   */
  default void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
    ctx.fireChannelWritabilityChanged();
  }

  /**
   * An exception was raised by an earlier handler (or the transport); flows inbound.
   *
   * @param ctx this handler's context
   * @param cause the exception
   * @throws Exception logged, not propagated again
   */
  default void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
    ctx.fireExceptionCaught(cause);
  }

  /**
   * Intercepts a bind request.
   *
   * @param ctx this handler's context
   * @param localAddress the address to bind to
   * @param promise completed when the operation finishes
   * @throws Exception fails {@code promise}
   */
  default void bind(ChannelHandlerContext ctx, SocketAddress localAddress, Promise<Void> promise)
      throws Exception {
    ctx.bind(localAddress, promise);
  }

  /**
   * Intercepts a connect request.
   *
   * @param ctx this handler's context
   * @param remoteAddress the address to connect to
   * @param localAddress the local address to bind to, or {@code null}
   * @param promise completed when the operation finishes
   * @throws Exception fails {@code promise}
   */
  default void connect(
      ChannelHandlerContext ctx,
      SocketAddress remoteAddress,
      SocketAddress localAddress,
      Promise<Void> promise)
      throws Exception {
    ctx.connect(remoteAddress, localAddress, promise);
  }

  /**
   * Intercepts a disconnect request.
   *
   * @param ctx this handler's context
   * @param promise completed when the operation finishes
   * @throws Exception fails {@code promise}
   */
  default void disconnect(ChannelHandlerContext ctx, Promise<Void> promise) throws Exception {
    ctx.disconnect(promise);
  }

  /**
   * Intercepts a close request.
   *
   * @param ctx this handler's context
   * @param promise completed when the channel is closed
   * @throws Exception fails {@code promise}
   */
  default void close(ChannelHandlerContext ctx, Promise<Void> promise) throws Exception {
    ctx.close(promise);
  }

  /**
   * Intercepts a request to read more data from the channel.
   *
   * @param ctx this handler's context
   * @throws Exception passed on to {@link #exceptionCaught} of the next inbound handler
   */
  default void read(ChannelHandlerContext ctx) throws Exception {
    ctx.read();
  }

  /**
   * Intercepts a write; this handler now owns {@code msg}.
   *
   * @param ctx this handler's context
   * @param msg the message, to pass on or release
   * @param promise completed when the message is written (or fails)
   * @throws Exception fails {@code promise}
   */
  default void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise)
      throws Exception {
    ctx.write(msg, promise);
  }

  /**
   * Intercepts a flush of the written messages.
   *
   * @param ctx this handler's context
   * @throws Exception passed on to {@link #exceptionCaught} of the next inbound handler
   */
  default void flush(ChannelHandlerContext ctx) throws Exception {
    ctx.flush();
  }
}

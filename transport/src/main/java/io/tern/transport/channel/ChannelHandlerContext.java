package io.tern.transport.channel;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.buffer.ByteBufAllocator;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import java.net.SocketAddress;

/**
 * A handler's place in a {@link ChannelPipeline}: {@code fire*} methods pass an inbound event to
 * the next handler towards the tail; the outbound methods pass an operation to the next handler
 * towards the head. Handlers that do not override the event's method are skipped.
 *
 * <h2>Threading</h2>
 *
 * <p>Use from the {@link #executor()} thread; calls from other threads are handed over to it. The
 * context stays valid after removal (events in flight pass through it).
 *
 * <h2>Ownership</h2>
 *
 * <p>A message passed to a {@code fire*} or outbound method belongs to the handler it reaches next.
 */
public interface ChannelHandlerContext {

  /**
   * Returns the channel.
   *
   * @return the channel this context's pipeline belongs to
   */
  Channel channel();

  /**
   * Returns the name.
   *
   * @return the handler's name, unique in its pipeline
   */
  String name();

  /**
   * Returns the handler.
   *
   * @return the handler of this context
   */
  ChannelHandler handler();

  /**
   * Returns the pipeline.
   *
   * @return the pipeline this context belongs (or belonged) to
   */
  ChannelPipeline pipeline();

  /**
   * Returns the executor.
   *
   * @return the executor the handler is called on
   */
  EventExecutor executor();

  /**
   * Returns the allocator.
   *
   * @return the channel's buffer allocator
   */
  ByteBufAllocator alloc();

  /**
   * Tells whether the handler was removed.
   *
   * @return {@code true} once the handler has been removed from the pipeline
   */
  boolean isRemoved();

  /**
   * Passes a registered event on.
   *
   * @return this context
   */
  ChannelHandlerContext fireChannelRegistered();

  /**
   * Passes an unregistered event on.
   *
   * @return this context
   */
  ChannelHandlerContext fireChannelUnregistered();

  /**
   * Passes an active event on.
   *
   * @return this context
   */
  ChannelHandlerContext fireChannelActive();

  /**
   * Passes an inactive event on.
   *
   * @return this context
   */
  ChannelHandlerContext fireChannelInactive();

  /**
   * Passes a message on; the next handler owns it.
   *
   * @param msg the message
   * @return this context
   */
  ChannelHandlerContext fireChannelRead(Object msg);

  /**
   * Passes a read-complete event on.
   *
   * @return this context
   */
  ChannelHandlerContext fireChannelReadComplete();

  /**
   * Passes a user event on.
   *
   * @param evt the event
   * @return this context
   */
  ChannelHandlerContext fireUserEventTriggered(Object evt);

  /**
   * Passes a writability change on.
   *
   * @return this context
   */
  ChannelHandlerContext fireChannelWritabilityChanged();

  /**
   * Passes an exception on.
   *
   * @param cause the exception
   * @return this context
   */
  ChannelHandlerContext fireExceptionCaught(Throwable cause);

  /**
   * Passes a bind request towards the head.
   *
   * @param localAddress the address to bind to
   * @param promise completed when done
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> bind(SocketAddress localAddress, Promise<Void> promise);

  /**
   * Passes a connect request towards the head.
   *
   * @param remoteAddress the address to connect to
   * @param localAddress the local address, or {@code null}
   * @param promise completed when done
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> connect(
      SocketAddress remoteAddress, SocketAddress localAddress, Promise<Void> promise);

  /**
   * Passes a disconnect request towards the head.
   *
   * @param promise completed when done
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> disconnect(Promise<Void> promise);

  /**
   * Passes a close request towards the head.
   *
   * @param promise completed when the channel is closed
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> close(Promise<Void> promise);

  /**
   * Passes a read request towards the head.
   *
   * @return this context
   */
  ChannelHandlerContext read();

  /**
   * Passes a write towards the head; the next handler owns {@code msg}.
   *
   * @param msg the message
   * @param promise completed when written
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> write(Object msg, Promise<Void> promise);

  /**
   * Passes a flush towards the head.
   *
   * @return this context
   */
  ChannelHandlerContext flush();

  /**
   * Creates a promise completed on this context's executor.
   *
   * @return a new promise
   */
  Promise<Void> newPromise();

  /**
   * Returns the channel's void promise, for writes nobody waits for: a failure is fired as {@code
   * exceptionCaught} through the pipeline (see {@link VoidChannelPromise}).
   *
   * @return {@link Channel#voidPromise()}
   */
  default Promise<Void> voidPromise() {
    return channel().voidPromise();
  }

  /**
   * Passes a write towards the head with a new promise.
   *
   * @param msg the message; the next handler owns it
   * @return the write's future
   */
  @CanIgnoreReturnValue
  default Future<Void> write(Object msg) {
    return write(msg, newPromise());
  }

  /**
   * Writes then flushes.
   *
   * @param msg the message; the next handler owns it
   * @return the write's future
   */
  @CanIgnoreReturnValue
  default Future<Void> writeAndFlush(Object msg) {
    Future<Void> f = write(msg, newPromise());
    flush();
    return f;
  }

  /**
   * Passes a close request towards the head with a new promise.
   *
   * @return the close future
   */
  @CanIgnoreReturnValue
  default Future<Void> close() {
    return close(newPromise());
  }
}

package io.tern.transport.channel;

import io.tern.buffer.ByteBufAllocator;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import java.net.SocketAddress;

/**
 * The context an {@link OffloadingHandler} gives its wrapped handler: the wrapper's own context,
 * reporting the wrapped handler as its handler. Calls from the virtual thread are handed to the
 * event loop by the real context, in the order they are made.
 */
final class OffloadedContext implements ChannelHandlerContext {
  private final ChannelHandlerContext ctx;
  private final ChannelHandler handler;

  OffloadedContext(ChannelHandlerContext ctx, ChannelHandler handler) {
    this.ctx = ctx;
    this.handler = handler;
  }

  @Override
  public Channel channel() {
    return ctx.channel();
  }

  @Override
  public String name() {
    return ctx.name();
  }

  @Override
  public ChannelHandler handler() {
    return handler;
  }

  @Override
  public ChannelPipeline pipeline() {
    return ctx.pipeline();
  }

  @Override
  public EventExecutor executor() {
    return ctx.executor();
  }

  @Override
  public ByteBufAllocator alloc() {
    return ctx.alloc();
  }

  @Override
  public boolean isRemoved() {
    return ctx.isRemoved();
  }

  @Override
  public ChannelHandlerContext fireChannelRegistered() {
    ctx.fireChannelRegistered();
    return this;
  }

  @Override
  public ChannelHandlerContext fireChannelUnregistered() {
    ctx.fireChannelUnregistered();
    return this;
  }

  @Override
  public ChannelHandlerContext fireChannelActive() {
    ctx.fireChannelActive();
    return this;
  }

  @Override
  public ChannelHandlerContext fireChannelInactive() {
    ctx.fireChannelInactive();
    return this;
  }

  @Override
  public ChannelHandlerContext fireChannelRead(Object msg) {
    ctx.fireChannelRead(msg);
    return this;
  }

  @Override
  public ChannelHandlerContext fireChannelReadComplete() {
    ctx.fireChannelReadComplete();
    return this;
  }

  @Override
  public ChannelHandlerContext fireUserEventTriggered(Object evt) {
    ctx.fireUserEventTriggered(evt);
    return this;
  }

  @Override
  public ChannelHandlerContext fireChannelWritabilityChanged() {
    ctx.fireChannelWritabilityChanged();
    return this;
  }

  @Override
  public ChannelHandlerContext fireExceptionCaught(Throwable cause) {
    ctx.fireExceptionCaught(cause);
    return this;
  }

  @Override
  public Future<Void> bind(SocketAddress localAddress, Promise<Void> promise) {
    return ctx.bind(localAddress, promise);
  }

  @Override
  public Future<Void> connect(
      SocketAddress remoteAddress, SocketAddress localAddress, Promise<Void> promise) {
    return ctx.connect(remoteAddress, localAddress, promise);
  }

  @Override
  public Future<Void> disconnect(Promise<Void> promise) {
    return ctx.disconnect(promise);
  }

  @Override
  public Future<Void> close(Promise<Void> promise) {
    return ctx.close(promise);
  }

  @Override
  public ChannelHandlerContext read() {
    ctx.read();
    return this;
  }

  @Override
  public Future<Void> write(Object msg, Promise<Void> promise) {
    return ctx.write(msg, promise);
  }

  @Override
  public ChannelHandlerContext flush() {
    ctx.flush();
    return this;
  }

  @Override
  public Promise<Void> newPromise() {
    return ctx.newPromise();
  }

  @Override
  public String toString() {
    return "OffloadedContext(" + ctx + ")";
  }
}

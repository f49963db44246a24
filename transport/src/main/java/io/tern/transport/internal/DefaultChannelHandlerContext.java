package io.tern.transport.internal;

import io.tern.buffer.ByteBufAllocator;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import java.net.SocketAddress;

/**
 * A node of the pipeline's doubly linked list. Propagation walks {@code next} (inbound) or {@code
 * prev} (outbound) to the first context whose {@link HandlerMask} has the event's bit.
 *
 * <p>Removal unlinks the node from its neighbours but leaves the node's own links intact, so an
 * event currently at (or heading to) the removed node still reaches the rest of the pipeline; the
 * removed handler itself is no longer called ({@link #invokable()}).
 */
final class DefaultChannelHandlerContext implements ChannelHandlerContext {
  private static final System.Logger LOGGER =
      System.getLogger(DefaultChannelHandlerContext.class.getName());

  private static final int INIT = 0;
  private static final int ADDED = 1;
  private static final int REMOVED = 2;

  final DefaultChannelPipeline pipeline;
  final String name;
  final ChannelHandler handler;
  final int mask;
  private final EventExecutor executor;
  volatile DefaultChannelHandlerContext prev;
  volatile DefaultChannelHandlerContext next;
  private volatile int state = INIT;

  DefaultChannelHandlerContext(
      DefaultChannelPipeline pipeline, String name, ChannelHandler handler, int mask) {
    this.pipeline = pipeline;
    this.name = name;
    this.handler = handler;
    this.mask = mask;
    this.executor = pipeline.executor(); // cached: read on every hop
  }

  void setAdded() {
    state = ADDED;
  }

  void setRemoved() {
    state = REMOVED;
  }

  private boolean invokable() {
    return state == ADDED;
  }

  @Override
  public Channel channel() {
    return pipeline.channel();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public ChannelHandler handler() {
    return handler;
  }

  @Override
  public ChannelPipeline pipeline() {
    return pipeline;
  }

  @Override
  public EventExecutor executor() {
    return executor;
  }

  @Override
  public ByteBufAllocator alloc() {
    return pipeline.channel().alloc();
  }

  @Override
  public boolean isRemoved() {
    return state == REMOVED;
  }

  @Override
  public Promise<Void> newPromise() {
    return new DefaultPromise<>(executor());
  }

  private DefaultChannelHandlerContext findInbound(int bit) {
    DefaultChannelHandlerContext ctx = this;
    do {
      ctx = ctx.next;
    } while ((ctx.mask & bit) == 0); // the tail has every inbound bit
    return ctx;
  }

  private DefaultChannelHandlerContext findOutbound(int bit) {
    DefaultChannelHandlerContext ctx = this;
    do {
      ctx = ctx.prev;
    } while (ctx != null && (ctx.mask & bit) == 0);
    return ctx; // null only when the head itself forwards
  }

  // ---- inbound ----

  @Override
  public ChannelHandlerContext fireChannelRegistered() {
    findInbound(HandlerMask.REGISTERED).invokeChannelRegistered();
    return this;
  }

  void invokeChannelRegistered() {
    if (!executor.inEventLoop()) {
      executor.execute(this::invokeChannelRegistered);
      return;
    }
    if (!invokable()) {
      fireChannelRegistered();
      return;
    }
    try {
      handler.channelRegistered(this);
    } catch (Throwable t) {
      fireExceptionCaught(t);
    }
  }

  @Override
  public ChannelHandlerContext fireChannelUnregistered() {
    findInbound(HandlerMask.UNREGISTERED).invokeChannelUnregistered();
    return this;
  }

  void invokeChannelUnregistered() {
    if (!executor.inEventLoop()) {
      executor.execute(this::invokeChannelUnregistered);
      return;
    }
    if (!invokable()) {
      fireChannelUnregistered();
      return;
    }
    try {
      handler.channelUnregistered(this);
    } catch (Throwable t) {
      fireExceptionCaught(t);
    }
  }

  @Override
  public ChannelHandlerContext fireChannelActive() {
    findInbound(HandlerMask.ACTIVE).invokeChannelActive();
    return this;
  }

  void invokeChannelActive() {
    if (!executor.inEventLoop()) {
      executor.execute(this::invokeChannelActive);
      return;
    }
    if (!invokable()) {
      fireChannelActive();
      return;
    }
    try {
      handler.channelActive(this);
    } catch (Throwable t) {
      fireExceptionCaught(t);
    }
  }

  @Override
  public ChannelHandlerContext fireChannelInactive() {
    findInbound(HandlerMask.INACTIVE).invokeChannelInactive();
    return this;
  }

  void invokeChannelInactive() {
    if (!executor.inEventLoop()) {
      executor.execute(this::invokeChannelInactive);
      return;
    }
    if (!invokable()) {
      fireChannelInactive();
      return;
    }
    try {
      handler.channelInactive(this);
    } catch (Throwable t) {
      fireExceptionCaught(t);
    }
  }

  @Override
  public ChannelHandlerContext fireChannelRead(Object msg) {
    findInbound(HandlerMask.READ).invokeChannelRead(msg);
    return this;
  }

  void invokeChannelRead(Object msg) {
    if (!executor.inEventLoop()) {
      executor.execute(() -> invokeChannelRead(msg));
      return;
    }
    if (!invokable()) {
      fireChannelRead(msg);
      return;
    }
    try {
      handler.channelRead(this, msg);
    } catch (Throwable t) {
      fireExceptionCaught(t);
    }
  }

  @Override
  public ChannelHandlerContext fireChannelReadComplete() {
    findInbound(HandlerMask.READ_COMPLETE).invokeChannelReadComplete();
    return this;
  }

  void invokeChannelReadComplete() {
    if (!executor.inEventLoop()) {
      executor.execute(this::invokeChannelReadComplete);
      return;
    }
    if (!invokable()) {
      fireChannelReadComplete();
      return;
    }
    try {
      handler.channelReadComplete(this);
    } catch (Throwable t) {
      fireExceptionCaught(t);
    }
  }

  @Override
  public ChannelHandlerContext fireUserEventTriggered(Object evt) {
    findInbound(HandlerMask.USER_EVENT).invokeUserEventTriggered(evt);
    return this;
  }

  void invokeUserEventTriggered(Object evt) {
    if (!executor.inEventLoop()) {
      executor.execute(() -> invokeUserEventTriggered(evt));
      return;
    }
    if (!invokable()) {
      fireUserEventTriggered(evt);
      return;
    }
    try {
      handler.userEventTriggered(this, evt);
    } catch (Throwable t) {
      fireExceptionCaught(t);
    }
  }

  @Override
  public ChannelHandlerContext fireChannelWritabilityChanged() {
    findInbound(HandlerMask.WRITABILITY).invokeChannelWritabilityChanged();
    return this;
  }

  void invokeChannelWritabilityChanged() {
    if (!executor.inEventLoop()) {
      executor.execute(this::invokeChannelWritabilityChanged);
      return;
    }
    if (!invokable()) {
      fireChannelWritabilityChanged();
      return;
    }
    try {
      handler.channelWritabilityChanged(this);
    } catch (Throwable t) {
      fireExceptionCaught(t);
    }
  }

  @Override
  public ChannelHandlerContext fireExceptionCaught(Throwable cause) {
    findInbound(HandlerMask.EXCEPTION).invokeExceptionCaught(cause);
    return this;
  }

  void invokeExceptionCaught(Throwable cause) {
    if (!executor.inEventLoop()) {
      executor.execute(() -> invokeExceptionCaught(cause));
      return;
    }
    if (!invokable()) {
      fireExceptionCaught(cause);
      return;
    }
    try {
      handler.exceptionCaught(this, cause);
    } catch (Throwable t) {
      // Propagating again could loop; log both instead.
      t.addSuppressed(cause);
      LOGGER.log(System.Logger.Level.WARNING, "exceptionCaught of '" + name + "' threw", t);
    }
  }

  // ---- outbound ----

  @Override
  public Future<Void> bind(SocketAddress localAddress, Promise<Void> promise) {
    DefaultChannelHandlerContext ctx = findOutbound(HandlerMask.BIND);
    if (ctx == null) {
      return unsupported("bind", promise);
    }
    ctx.invokeBind(localAddress, promise);
    return promise;
  }

  private void invokeBind(SocketAddress localAddress, Promise<Void> promise) {
    if (!executor.inEventLoop()) {
      executor.execute(() -> invokeBind(localAddress, promise));
      return;
    }
    if (!invokable()) {
      bind(localAddress, promise);
      return;
    }
    try {
      handler.bind(this, localAddress, promise);
    } catch (Throwable t) {
      promise.tryFailure(t);
    }
  }

  @Override
  public Future<Void> connect(
      SocketAddress remoteAddress, SocketAddress localAddress, Promise<Void> promise) {
    DefaultChannelHandlerContext ctx = findOutbound(HandlerMask.CONNECT);
    if (ctx == null) {
      return unsupported("connect", promise);
    }
    ctx.invokeConnect(remoteAddress, localAddress, promise);
    return promise;
  }

  private void invokeConnect(
      SocketAddress remoteAddress, SocketAddress localAddress, Promise<Void> promise) {
    if (!executor.inEventLoop()) {
      executor.execute(() -> invokeConnect(remoteAddress, localAddress, promise));
      return;
    }
    if (!invokable()) {
      connect(remoteAddress, localAddress, promise);
      return;
    }
    try {
      handler.connect(this, remoteAddress, localAddress, promise);
    } catch (Throwable t) {
      promise.tryFailure(t);
    }
  }

  @Override
  public Future<Void> disconnect(Promise<Void> promise) {
    DefaultChannelHandlerContext ctx = findOutbound(HandlerMask.DISCONNECT);
    if (ctx == null) {
      return unsupported("disconnect", promise);
    }
    ctx.invokeDisconnect(promise);
    return promise;
  }

  private void invokeDisconnect(Promise<Void> promise) {
    if (!executor.inEventLoop()) {
      executor.execute(() -> invokeDisconnect(promise));
      return;
    }
    if (!invokable()) {
      disconnect(promise);
      return;
    }
    try {
      handler.disconnect(this, promise);
    } catch (Throwable t) {
      promise.tryFailure(t);
    }
  }

  @Override
  public Future<Void> close(Promise<Void> promise) {
    DefaultChannelHandlerContext ctx = findOutbound(HandlerMask.CLOSE);
    if (ctx == null) {
      return unsupported("close", promise);
    }
    ctx.invokeClose(promise);
    return promise;
  }

  private void invokeClose(Promise<Void> promise) {
    if (!executor.inEventLoop()) {
      executor.execute(() -> invokeClose(promise));
      return;
    }
    if (!invokable()) {
      close(promise);
      return;
    }
    try {
      handler.close(this, promise);
    } catch (Throwable t) {
      promise.tryFailure(t);
    }
  }

  @Override
  public ChannelHandlerContext read() {
    DefaultChannelHandlerContext ctx = findOutbound(HandlerMask.READ_OP);
    if (ctx != null) {
      ctx.invokeRead();
    }
    return this;
  }

  private void invokeRead() {
    if (!executor.inEventLoop()) {
      executor.execute(this::invokeRead);
      return;
    }
    if (!invokable()) {
      read();
      return;
    }
    try {
      handler.read(this);
    } catch (Throwable t) {
      fireExceptionCaught(t);
    }
  }

  @Override
  public Future<Void> write(Object msg, Promise<Void> promise) {
    DefaultChannelHandlerContext ctx = findOutbound(HandlerMask.WRITE);
    if (ctx == null) {
      ReferenceCountUtil.release(msg);
      return unsupported("write", promise);
    }
    ctx.invokeWrite(msg, promise);
    return promise;
  }

  private void invokeWrite(Object msg, Promise<Void> promise) {
    if (!executor.inEventLoop()) {
      executor.execute(() -> invokeWrite(msg, promise));
      return;
    }
    if (!invokable()) {
      write(msg, promise);
      return;
    }
    try {
      handler.write(this, msg, promise);
    } catch (Throwable t) {
      promise.tryFailure(t);
    }
  }

  @Override
  public ChannelHandlerContext flush() {
    DefaultChannelHandlerContext ctx = findOutbound(HandlerMask.FLUSH);
    if (ctx != null) {
      ctx.invokeFlush();
    }
    return this;
  }

  private void invokeFlush() {
    if (!executor.inEventLoop()) {
      executor.execute(this::invokeFlush);
      return;
    }
    if (!invokable()) {
      flush();
      return;
    }
    try {
      handler.flush(this);
    } catch (Throwable t) {
      fireExceptionCaught(t);
    }
  }

  private static Future<Void> unsupported(String op, Promise<Void> promise) {
    promise.tryFailure(new UnsupportedOperationException(op + " is not supported by this channel"));
    return promise;
  }

  @Override
  public String toString() {
    return "ChannelHandlerContext(" + name + ", " + handler.getClass().getName() + ")";
  }
}

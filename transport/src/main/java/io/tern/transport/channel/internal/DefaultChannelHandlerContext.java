package io.tern.transport.channel.internal;

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
 * removed handler itself is no longer called ({@link #ready()}).
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

  /**
   * Whether the handler may be called now: on the executor's thread and added (not yet removed).
   * Everything else (hand-over to the executor, skipping a removed handler) is on the slow paths,
   * which keeps each {@code invoke*} method small enough for the JIT to inline at every call site.
   */
  private boolean ready() {
    return state == ADDED && executor.inEventLoop();
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
    if (ready()) {
      try {
        handler.channelRegistered(this);
      } catch (Throwable t) {
        handlerThrew(t);
      }
    } else {
      channelRegisteredSlow();
    }
  }

  private void channelRegisteredSlow() {
    if (executor.inEventLoop()) {
      fireChannelRegistered(); // removed: skip this handler
    } else {
      executor.execute(this::invokeChannelRegistered);
    }
  }

  @Override
  public ChannelHandlerContext fireChannelUnregistered() {
    findInbound(HandlerMask.UNREGISTERED).invokeChannelUnregistered();
    return this;
  }

  void invokeChannelUnregistered() {
    if (ready()) {
      try {
        handler.channelUnregistered(this);
      } catch (Throwable t) {
        handlerThrew(t);
      }
    } else {
      channelUnregisteredSlow();
    }
  }

  private void channelUnregisteredSlow() {
    if (executor.inEventLoop()) {
      fireChannelUnregistered(); // removed: skip this handler
    } else {
      executor.execute(this::invokeChannelUnregistered);
    }
  }

  @Override
  public ChannelHandlerContext fireChannelActive() {
    findInbound(HandlerMask.ACTIVE).invokeChannelActive();
    return this;
  }

  void invokeChannelActive() {
    if (ready()) {
      try {
        handler.channelActive(this);
      } catch (Throwable t) {
        handlerThrew(t);
      }
    } else {
      channelActiveSlow();
    }
  }

  private void channelActiveSlow() {
    if (executor.inEventLoop()) {
      fireChannelActive(); // removed: skip this handler
    } else {
      executor.execute(this::invokeChannelActive);
    }
  }

  @Override
  public ChannelHandlerContext fireChannelInactive() {
    findInbound(HandlerMask.INACTIVE).invokeChannelInactive();
    return this;
  }

  void invokeChannelInactive() {
    if (ready()) {
      try {
        handler.channelInactive(this);
      } catch (Throwable t) {
        handlerThrew(t);
      }
    } else {
      channelInactiveSlow();
    }
  }

  private void channelInactiveSlow() {
    if (executor.inEventLoop()) {
      fireChannelInactive(); // removed: skip this handler
    } else {
      executor.execute(this::invokeChannelInactive);
    }
  }

  @Override
  public ChannelHandlerContext fireChannelRead(Object msg) {
    findInbound(HandlerMask.READ).invokeChannelRead(msg);
    return this;
  }

  void invokeChannelRead(Object msg) {
    if (ready()) {
      try {
        handler.channelRead(this, msg);
      } catch (Throwable t) {
        handlerThrew(t);
      }
    } else {
      channelReadSlow(msg);
    }
  }

  private void channelReadSlow(Object msg) {
    if (executor.inEventLoop()) {
      fireChannelRead(msg); // removed: skip this handler
    } else {
      executor.execute(() -> invokeChannelRead(msg));
    }
  }

  @Override
  public ChannelHandlerContext fireChannelReadComplete() {
    findInbound(HandlerMask.READ_COMPLETE).invokeChannelReadComplete();
    return this;
  }

  void invokeChannelReadComplete() {
    if (ready()) {
      try {
        handler.channelReadComplete(this);
      } catch (Throwable t) {
        handlerThrew(t);
      }
    } else {
      channelReadCompleteSlow();
    }
  }

  private void channelReadCompleteSlow() {
    if (executor.inEventLoop()) {
      fireChannelReadComplete(); // removed: skip this handler
    } else {
      executor.execute(this::invokeChannelReadComplete);
    }
  }

  @Override
  public ChannelHandlerContext fireUserEventTriggered(Object evt) {
    findInbound(HandlerMask.USER_EVENT).invokeUserEventTriggered(evt);
    return this;
  }

  void invokeUserEventTriggered(Object evt) {
    if (ready()) {
      try {
        handler.userEventTriggered(this, evt);
      } catch (Throwable t) {
        handlerThrew(t);
      }
    } else {
      userEventTriggeredSlow(evt);
    }
  }

  private void userEventTriggeredSlow(Object evt) {
    if (executor.inEventLoop()) {
      fireUserEventTriggered(evt); // removed: skip this handler
    } else {
      executor.execute(() -> invokeUserEventTriggered(evt));
    }
  }

  @Override
  public ChannelHandlerContext fireChannelWritabilityChanged() {
    findInbound(HandlerMask.WRITABILITY).invokeChannelWritabilityChanged();
    return this;
  }

  void invokeChannelWritabilityChanged() {
    if (ready()) {
      try {
        handler.channelWritabilityChanged(this);
      } catch (Throwable t) {
        handlerThrew(t);
      }
    } else {
      channelWritabilityChangedSlow();
    }
  }

  private void channelWritabilityChangedSlow() {
    if (executor.inEventLoop()) {
      fireChannelWritabilityChanged(); // removed: skip this handler
    } else {
      executor.execute(this::invokeChannelWritabilityChanged);
    }
  }

  @Override
  public ChannelHandlerContext fireExceptionCaught(Throwable cause) {
    findInbound(HandlerMask.EXCEPTION).invokeExceptionCaught(cause);
    return this;
  }

  /** A handler's inbound method threw: record it (JFR) and pass it on as exceptionCaught. */
  private void handlerThrew(Throwable t) {
    ChannelEvents.exceptionCaught(pipeline.channel(), t, true);
    fireExceptionCaught(t);
  }

  void invokeExceptionCaught(Throwable cause) {
    if (ready()) {
      try {
        handler.exceptionCaught(this, cause);
      } catch (Throwable t) {
        exceptionCaughtThrew(cause, t);
      }
    } else {
      exceptionCaughtSlow(cause);
    }
  }

  private void exceptionCaughtThrew(Throwable cause, Throwable t) {
    // Propagating again could loop; log both instead.
    t.addSuppressed(cause);
    LOGGER.log(System.Logger.Level.WARNING, "exceptionCaught of '" + name + "' threw", t);
  }

  private void exceptionCaughtSlow(Throwable cause) {
    if (executor.inEventLoop()) {
      fireExceptionCaught(cause); // removed: skip this handler
    } else {
      executor.execute(() -> invokeExceptionCaught(cause));
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
    if (ready()) {
      try {
        handler.bind(this, localAddress, promise);
      } catch (Throwable t) {
        promise.tryFailure(t);
      }
    } else if (executor.inEventLoop()) {
      bind(localAddress, promise); // removed: skip this handler
    } else {
      executor.execute(() -> invokeBind(localAddress, promise));
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
    if (ready()) {
      try {
        handler.connect(this, remoteAddress, localAddress, promise);
      } catch (Throwable t) {
        promise.tryFailure(t);
      }
    } else if (executor.inEventLoop()) {
      connect(remoteAddress, localAddress, promise); // removed: skip this handler
    } else {
      executor.execute(() -> invokeConnect(remoteAddress, localAddress, promise));
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
    if (ready()) {
      try {
        handler.disconnect(this, promise);
      } catch (Throwable t) {
        promise.tryFailure(t);
      }
    } else if (executor.inEventLoop()) {
      disconnect(promise); // removed: skip this handler
    } else {
      executor.execute(() -> invokeDisconnect(promise));
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
    if (ready()) {
      try {
        handler.close(this, promise);
      } catch (Throwable t) {
        promise.tryFailure(t);
      }
    } else if (executor.inEventLoop()) {
      close(promise); // removed: skip this handler
    } else {
      executor.execute(() -> invokeClose(promise));
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
    if (ready()) {
      try {
        handler.read(this);
      } catch (Throwable t) {
        fireExceptionCaught(t);
      }
    } else if (executor.inEventLoop()) {
      read(); // removed: skip this handler
    } else {
      executor.execute(this::invokeRead);
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

  void invokeWrite(Object msg, Promise<Void> promise) {
    if (ready()) {
      try {
        handler.write(this, msg, promise);
      } catch (Throwable t) {
        promise.tryFailure(t);
      }
    } else {
      writeSlow(msg, promise);
    }
  }

  private void writeSlow(Object msg, Promise<Void> promise) {
    if (executor.inEventLoop()) {
      write(msg, promise); // removed: skip this handler
    } else {
      executor.execute(() -> invokeWrite(msg, promise));
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

  void invokeFlush() {
    if (ready()) {
      try {
        handler.flush(this);
      } catch (Throwable t) {
        fireExceptionCaught(t);
      }
    } else {
      flushSlow();
    }
  }

  private void flushSlow() {
    if (executor.inEventLoop()) {
      flush(); // removed: skip this handler
    } else {
      executor.execute(this::invokeFlush);
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

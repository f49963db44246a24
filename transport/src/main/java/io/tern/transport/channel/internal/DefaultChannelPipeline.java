package io.tern.transport.channel.internal;

import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.channel.ChannelPipelineException;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The pipeline: a doubly linked list of contexts between a head (the channel's transport handler,
 * which performs outbound operations) and a tail (which releases or logs what nobody handled).
 *
 * <p>Structural changes are serialised by {@code synchronized (this)}; handler callbacks run after
 * the lock is released, on the channel's executor. Subclasses (transports) override the {@code
 * onUnhandled*} hooks to capture what reaches the tail.
 */
public class DefaultChannelPipeline implements ChannelPipeline {
  private static final System.Logger LOGGER =
      System.getLogger(DefaultChannelPipeline.class.getName());
  private static final ChannelHandler TAIL = new TailHandler();

  /** {@code SimpleName#0} per handler class (the class's full name when it has no simple one). */
  private static final ClassValue<String> FIRST_NAMES =
      new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
          String base = type.getSimpleName();
          return (base.isEmpty() ? type.getName() : base) + "#0";
        }
      };

  private final Channel channel;
  private final DefaultChannelHandlerContext head;
  private final DefaultChannelHandlerContext tail;

  /**
   * Creates an empty pipeline.
   *
   * @param channel the channel
   * @param headHandler the transport's handler: performs every outbound operation it overrides
   */
  public DefaultChannelPipeline(Channel channel, ChannelHandler headHandler) {
    this.channel = channel;
    // The head is always invoked for outbound operations, but for inbound events only when its
    // handler overrides them (a transport's head usually overrides none): skipping it saves a hop
    // and keeps the head's class out of the handlers' shared inbound call sites, which then stay
    // mono- or bimorphic (inlinable) in pipelines of few handler classes. The tail has every bit.
    head =
        new DefaultChannelHandlerContext(
            this,
            "head",
            headHandler,
            (HandlerMask.of(headHandler.getClass()) & HandlerMask.INBOUND) | HandlerMask.OUTBOUND);
    tail = new DefaultChannelHandlerContext(this, "tail", TAIL, HandlerMask.ALL);
    head.next = tail;
    tail.prev = head;
    head.setAdded();
    tail.setAdded();
  }

  EventExecutor executor() {
    return channel.eventLoop();
  }

  @Override
  public Channel channel() {
    return channel;
  }

  // ---- structure ----

  private DefaultChannelHandlerContext newContext(String name, ChannelHandler handler) {
    if (handler == null) {
      throw new NullPointerException("handler");
    }
    if (name == null) {
      name = generateName(handler);
    } else if (find(name) != null) {
      throw new IllegalArgumentException("Duplicate handler name: " + name);
    }
    return new DefaultChannelHandlerContext(
        this, name, handler, HandlerMask.of(handler.getClass()));
  }

  private String generateName(ChannelHandler handler) {
    // The first name of a handler class is the same string for every pipeline: an idle
    // connection does not keep a copy of it per context.
    String first = FIRST_NAMES.get(handler.getClass());
    if (find(first) == null) {
      return first;
    }
    String base = first.substring(0, first.length() - 2);
    for (int i = 1; ; i++) {
      String candidate = base + "#" + i;
      if (find(candidate) == null) {
        return candidate;
      }
    }
  }

  private DefaultChannelHandlerContext find(String name) {
    for (DefaultChannelHandlerContext c = head.next; c != tail; c = c.next) {
      if (c.name.equals(name)) {
        return c;
      }
    }
    return null;
  }

  private DefaultChannelHandlerContext find(ChannelHandler handler) {
    for (DefaultChannelHandlerContext c = head.next; c != tail; c = c.next) {
      if (c.handler == handler) {
        return c;
      }
    }
    return null;
  }

  private DefaultChannelHandlerContext require(String name) {
    DefaultChannelHandlerContext ctx = find(name);
    if (ctx == null) {
      throw new NoSuchElementException(name);
    }
    return ctx;
  }

  private DefaultChannelHandlerContext require(ChannelHandler handler) {
    DefaultChannelHandlerContext ctx = find(handler);
    if (ctx == null) {
      throw new NoSuchElementException(handler.getClass().getName());
    }
    return ctx;
  }

  private static void linkAfter(DefaultChannelHandlerContext base, DefaultChannelHandlerContext c) {
    DefaultChannelHandlerContext next = base.next;
    c.prev = base;
    c.next = next;
    next.prev = c;
    base.next = c;
  }

  @Override
  public ChannelPipeline addFirst(String name, ChannelHandler handler) {
    DefaultChannelHandlerContext ctx;
    synchronized (this) {
      ctx = newContext(name, handler);
      linkAfter(head, ctx);
    }
    callHandlerAdded(ctx);
    return this;
  }

  @Override
  public ChannelPipeline addLast(String name, ChannelHandler handler) {
    DefaultChannelHandlerContext ctx;
    synchronized (this) {
      ctx = newContext(name, handler);
      linkAfter(tail.prev, ctx);
    }
    callHandlerAdded(ctx);
    return this;
  }

  @Override
  public ChannelPipeline addLast(ChannelHandler... handlers) {
    for (ChannelHandler h : handlers) {
      addLast(null, h);
    }
    return this;
  }

  @Override
  public ChannelPipeline addBefore(String baseName, String name, ChannelHandler handler) {
    DefaultChannelHandlerContext ctx;
    synchronized (this) {
      DefaultChannelHandlerContext base = require(baseName);
      ctx = newContext(name, handler);
      linkAfter(base.prev, ctx);
    }
    callHandlerAdded(ctx);
    return this;
  }

  @Override
  public ChannelPipeline addAfter(String baseName, String name, ChannelHandler handler) {
    DefaultChannelHandlerContext ctx;
    synchronized (this) {
      DefaultChannelHandlerContext base = require(baseName);
      ctx = newContext(name, handler);
      linkAfter(base, ctx);
    }
    callHandlerAdded(ctx);
    return this;
  }

  @Override
  public ChannelPipeline remove(ChannelHandler handler) {
    DefaultChannelHandlerContext ctx;
    synchronized (this) {
      ctx = require(handler);
      unlink(ctx);
    }
    callHandlerRemoved(ctx);
    return this;
  }

  @Override
  public ChannelHandler remove(String name) {
    DefaultChannelHandlerContext ctx;
    synchronized (this) {
      ctx = require(name);
      unlink(ctx);
    }
    callHandlerRemoved(ctx);
    return ctx.handler;
  }

  /** Unlinks from the neighbours only; the node keeps its links for events in flight. */
  private static void unlink(DefaultChannelHandlerContext ctx) {
    DefaultChannelHandlerContext prev = ctx.prev;
    DefaultChannelHandlerContext next = ctx.next;
    prev.next = next;
    next.prev = prev;
  }

  @Override
  public ChannelPipeline replace(
      ChannelHandler oldHandler, String newName, ChannelHandler newHandler) {
    replace(require(oldHandler), newName, newHandler);
    return this;
  }

  @Override
  public ChannelHandler replace(String oldName, String newName, ChannelHandler newHandler) {
    return replace(require(oldName), newName, newHandler);
  }

  private ChannelHandler replace(
      DefaultChannelHandlerContext old, String newName, ChannelHandler newHandler) {
    DefaultChannelHandlerContext ctx;
    synchronized (this) {
      if (newName != null && newName.equals(old.name)) {
        ctx =
            new DefaultChannelHandlerContext(
                this, old.name, newHandler, HandlerMask.of(newHandler.getClass()));
      } else {
        ctx = newContext(newName, newHandler);
      }
      DefaultChannelHandlerContext prev = old.prev;
      DefaultChannelHandlerContext next = old.next;
      ctx.prev = prev;
      ctx.next = next;
      prev.next = ctx;
      next.prev = ctx;
      // Events in flight at the old node continue through the new one.
      old.prev = ctx;
      old.next = ctx;
    }
    callHandlerAdded(ctx);
    callHandlerRemoved(old);
    return old.handler;
  }

  private void callHandlerAdded(DefaultChannelHandlerContext ctx) {
    EventExecutor executor = executor();
    if (!executor.inEventLoop()) {
      executor.execute(() -> callHandlerAdded(ctx));
      return;
    }
    ctx.setAdded();
    try {
      ctx.handler.handlerAdded(ctx);
    } catch (Throwable t) {
      boolean removed = false;
      synchronized (this) {
        if (find(ctx.handler) == ctx) {
          unlink(ctx);
          removed = true;
        }
      }
      if (removed) {
        callHandlerRemoved(ctx);
      }
      fireExceptionCaught(
          new ChannelPipelineException(
              "handlerAdded of '" + ctx.name + "' threw; handler removed", t));
    }
  }

  private void callHandlerRemoved(DefaultChannelHandlerContext ctx) {
    EventExecutor executor = executor();
    if (!executor.inEventLoop()) {
      executor.execute(() -> callHandlerRemoved(ctx));
      return;
    }
    ctx.setRemoved();
    try {
      ctx.handler.handlerRemoved(ctx);
    } catch (Throwable t) {
      fireExceptionCaught(
          new ChannelPipelineException("handlerRemoved of '" + ctx.name + "' threw", t));
    }
  }

  /**
   * Removes every handler, tail first, calling {@code handlerRemoved}; used when a channel closes.
   */
  public void removeAll() {
    while (true) {
      DefaultChannelHandlerContext ctx;
      synchronized (this) {
        ctx = tail.prev;
        if (ctx == head) {
          return;
        }
        unlink(ctx);
      }
      callHandlerRemoved(ctx);
    }
  }

  // ---- lookup ----

  @Override
  public synchronized ChannelHandler get(String name) {
    DefaultChannelHandlerContext ctx = find(name);
    return ctx == null ? null : ctx.handler;
  }

  @Override
  public synchronized ChannelHandlerContext context(String name) {
    return find(name);
  }

  @Override
  public synchronized ChannelHandlerContext context(ChannelHandler handler) {
    return find(handler);
  }

  @Override
  public synchronized List<String> names() {
    List<String> names = new ArrayList<>();
    for (DefaultChannelHandlerContext c = head.next; c != tail; c = c.next) {
      names.add(c.name);
    }
    return names;
  }

  @Override
  public ChannelHandler first() {
    ChannelHandlerContext ctx = firstContext();
    return ctx == null ? null : ctx.handler();
  }

  @Override
  public ChannelHandler last() {
    ChannelHandlerContext ctx = lastContext();
    return ctx == null ? null : ctx.handler();
  }

  @Override
  public synchronized ChannelHandlerContext firstContext() {
    return head.next == tail ? null : head.next;
  }

  @Override
  public synchronized ChannelHandlerContext lastContext() {
    return tail.prev == head ? null : tail.prev;
  }

  // ---- events ----

  /** The first context from the head on whose handler handles {@code bit} (at worst the tail). */
  private DefaultChannelHandlerContext firstInbound(int bit) {
    DefaultChannelHandlerContext ctx = head;
    while ((ctx.mask & bit) == 0) {
      ctx = ctx.next;
    }
    return ctx;
  }

  @Override
  public ChannelPipeline fireChannelRegistered() {
    ChannelEvents.registered(channel);
    firstInbound(HandlerMask.REGISTERED).invokeChannelRegistered();
    return this;
  }

  @Override
  public ChannelPipeline fireChannelUnregistered() {
    firstInbound(HandlerMask.UNREGISTERED).invokeChannelUnregistered();
    return this;
  }

  @Override
  public ChannelPipeline fireChannelActive() {
    ChannelEvents.active(channel);
    firstInbound(HandlerMask.ACTIVE).invokeChannelActive();
    return this;
  }

  @Override
  public ChannelPipeline fireChannelInactive() {
    ChannelEvents.inactive(channel);
    firstInbound(HandlerMask.INACTIVE).invokeChannelInactive();
    return this;
  }

  @Override
  public ChannelPipeline fireChannelRead(Object msg) {
    firstInbound(HandlerMask.READ).invokeChannelRead(msg);
    return this;
  }

  @Override
  public ChannelPipeline fireChannelReadComplete() {
    firstInbound(HandlerMask.READ_COMPLETE).invokeChannelReadComplete();
    return this;
  }

  @Override
  public ChannelPipeline fireUserEventTriggered(Object evt) {
    firstInbound(HandlerMask.USER_EVENT).invokeUserEventTriggered(evt);
    return this;
  }

  @Override
  public ChannelPipeline fireChannelWritabilityChanged() {
    ChannelEvents.writabilityChanged(channel);
    firstInbound(HandlerMask.WRITABILITY).invokeChannelWritabilityChanged();
    return this;
  }

  @Override
  public ChannelPipeline fireExceptionCaught(Throwable cause) {
    ChannelEvents.exceptionCaught(channel, cause, false);
    firstInbound(HandlerMask.EXCEPTION).invokeExceptionCaught(cause);
    return this;
  }

  @Override
  public Promise<Void> newPromise() {
    return new DefaultPromise<>(executor());
  }

  @Override
  public Future<Void> bind(SocketAddress localAddress, Promise<Void> promise) {
    return tail.bind(localAddress, promise);
  }

  @Override
  public Future<Void> connect(
      SocketAddress remoteAddress, SocketAddress localAddress, Promise<Void> promise) {
    return tail.connect(remoteAddress, localAddress, promise);
  }

  @Override
  public Future<Void> disconnect(Promise<Void> promise) {
    return tail.disconnect(promise);
  }

  @Override
  public Future<Void> close(Promise<Void> promise) {
    return tail.close(promise);
  }

  @Override
  public Future<Void> write(Object msg, Promise<Void> promise) {
    return tail.write(msg, promise);
  }

  @Override
  public Future<Void> writeAndFlush(Object msg, Promise<Void> promise) {
    tail.write(msg, promise);
    tail.flush();
    return promise;
  }

  @Override
  public Future<Void> write(Object msg) {
    return tail.write(msg);
  }

  @Override
  public ChannelPipeline flush() {
    tail.flush();
    return this;
  }

  @Override
  public Future<Void> writeAndFlush(Object msg) {
    return tail.writeAndFlush(msg);
  }

  @Override
  public Future<Void> close() {
    return tail.close();
  }

  @Override
  public ChannelPipeline read() {
    tail.read();
    return this;
  }

  // ---- tail hooks ----

  /**
   * A message reached the tail: released and logged at DEBUG.
   *
   * @param msg the message, owned by this method
   */
  protected void onUnhandledInboundMessage(Object msg) {
    try {
      LOGGER.log(
          System.Logger.Level.DEBUG,
          () ->
              "Discarded inbound message " + msg + " that reached the pipeline tail of " + channel);
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  /**
   * An exception reached the tail: logged at WARNING.
   *
   * @param cause the exception
   */
  protected void onUnhandledInboundException(Throwable cause) {
    LOGGER.log(
        System.Logger.Level.WARNING,
        "An exception reached the pipeline tail of " + channel + " unhandled",
        cause);
  }

  /**
   * A user event reached the tail: released.
   *
   * @param evt the event
   */
  protected void onUnhandledUserEvent(Object evt) {
    ReferenceCountUtil.release(evt);
  }

  @Override
  public String toString() {
    return "ChannelPipeline" + names();
  }

  /**
   * Ends inbound propagation; every inbound method is overridden so none forwards. Stateless: one
   * instance serves every pipeline and calls back the pipeline's hooks.
   */
  private static final class TailHandler implements ChannelHandler {
    private static DefaultChannelPipeline pipeline(ChannelHandlerContext ctx) {
      return (DefaultChannelPipeline) ctx.pipeline();
    }

    @Override
    public void channelRegistered(ChannelHandlerContext ctx) {}

    @Override
    public void channelUnregistered(ChannelHandlerContext ctx) {}

    @Override
    public void channelActive(ChannelHandlerContext ctx) {}

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {}

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      pipeline(ctx).onUnhandledInboundMessage(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {}

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
      pipeline(ctx).onUnhandledUserEvent(evt);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {}

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      pipeline(ctx).onUnhandledInboundException(cause);
    }
  }
}

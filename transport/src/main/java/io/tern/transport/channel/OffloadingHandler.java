package io.tern.transport.channel;

import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.VirtualThreadOffloadGroup;
import java.net.SocketAddress;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs a handler that may block (JDBC, file I/O, a blocking client) on virtual threads of a {@link
 * VirtualThreadOffloadGroup} instead of the channel's event loop; add it with {@link
 * ChannelPipeline#addLast(VirtualThreadOffloadGroup, String, ChannelHandler)}. Every event and
 * operation that reaches this place of the pipeline, inbound and outbound, is handed to the
 * channel's own serial executor of the group, so the wrapped handler sees them one at a time and in
 * the order the loop saw them, never concurrently, while the loop goes on serving other channels.
 *
 * <p>What the wrapped handler passes on through its context ({@code ctx.fireChannelRead}, {@code
 * ctx.write}, …) is handed back to the event loop in order, as any call from another thread is. It
 * may block on futures ({@code ctx.writeAndFlush(msg).sync()}), since it never runs on the loop.
 * Its context's {@link ChannelHandlerContext#executor()} is still the channel's loop.
 *
 * <p>Exceptions follow the usual rules: one thrown by an inbound callback goes to the next
 * handler's {@code exceptionCaught}, one thrown by an outbound operation fails its promise. Once
 * the group is closed nothing reaches the wrapped handler any more: a read message is released and
 * a {@link RejectedExecutionException} fired in its place, a write, bind or connect fails with it,
 * and every other event and operation (close included) passes straight on, so the channel still
 * closes.
 *
 * <h2>Threading</h2>
 *
 * <p>One instance per pipeline (it holds the channel's serial executor, made in {@code
 * handlerAdded}); the wrapped handler runs on the group's virtual threads, one event at a time, and
 * may be shared only if it is stateless.
 *
 * <h2>Ownership</h2>
 *
 * <p>Messages are owned as with any handler: the wrapped handler releases or passes on what it
 * reads and writes; a message that can no longer reach it (the group closed) is released here.
 */
public final class OffloadingHandler implements ChannelHandler {
  private final VirtualThreadOffloadGroup group;
  private final ChannelHandler handler;
  private Executor serial;
  private OffloadedContext offloadedCtx;

  /**
   * Wraps {@code handler}.
   *
   * @param group the virtual threads to run it on
   * @param handler the handler that may block
   */
  public OffloadingHandler(VirtualThreadOffloadGroup group, ChannelHandler handler) {
    this.group = Objects.requireNonNull(group, "group");
    this.handler = Objects.requireNonNull(handler, "handler");
  }

  /**
   * Returns the wrapped handler.
   *
   * @return the handler that runs on virtual threads
   */
  public ChannelHandler handler() {
    return handler;
  }

  @FunctionalInterface
  private interface Callback {
    void run() throws Exception;
  }

  /**
   * Runs an inbound callback offloaded; its exception goes to the next handler. If the group
   * rejects it, {@code passOn} runs instead (on the loop).
   */
  private void inbound(Callback callback, Runnable passOn) {
    offload(
        () -> {
          try {
            callback.run();
          } catch (Throwable t) {
            offloadedCtx.fireExceptionCaught(t);
          }
        },
        passOn);
  }

  /**
   * Runs an outbound operation offloaded; its exception fails the promise (or, without one, goes
   * inbound). If the group rejects it, {@code passOn} runs instead (on the loop).
   */
  private void outbound(Promise<Void> promise, Callback callback, Runnable passOn) {
    offload(
        () -> {
          try {
            callback.run();
          } catch (Throwable t) {
            if (promise != null) {
              promise.tryFailure(t);
            } else {
              offloadedCtx.fireExceptionCaught(t);
            }
          }
        },
        passOn);
  }

  private void offload(Runnable task, Runnable passOn) {
    try {
      serial.execute(task);
    } catch (RejectedExecutionException e) {
      passOn.run();
    }
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    serial = group.newSerialExecutor();
    offloadedCtx = new OffloadedContext(ctx, handler);
    inbound(() -> handler.handlerAdded(offloadedCtx), () -> {});
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    inbound(() -> handler.handlerRemoved(offloadedCtx), () -> {});
  }

  @Override
  public void channelRegistered(ChannelHandlerContext ctx) {
    inbound(() -> handler.channelRegistered(offloadedCtx), ctx::fireChannelRegistered);
  }

  @Override
  public void channelUnregistered(ChannelHandlerContext ctx) {
    inbound(() -> handler.channelUnregistered(offloadedCtx), ctx::fireChannelUnregistered);
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    inbound(() -> handler.channelActive(offloadedCtx), ctx::fireChannelActive);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    inbound(() -> handler.channelInactive(offloadedCtx), ctx::fireChannelInactive);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    inbound(
        () -> handler.channelRead(offloadedCtx, msg),
        () -> {
          ReferenceCountUtil.release(msg);
          ctx.fireExceptionCaught(rejected());
        });
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    inbound(() -> handler.channelReadComplete(offloadedCtx), ctx::fireChannelReadComplete);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    inbound(
        () -> handler.userEventTriggered(offloadedCtx, evt), () -> ctx.fireUserEventTriggered(evt));
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    inbound(
        () -> handler.channelWritabilityChanged(offloadedCtx), ctx::fireChannelWritabilityChanged);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    offload(
        () -> {
          try {
            handler.exceptionCaught(offloadedCtx, cause);
          } catch (Throwable t) {
            t.addSuppressed(cause);
            offloadedCtx.fireExceptionCaught(t);
          }
        },
        () -> ctx.fireExceptionCaught(cause));
  }

  @Override
  public void bind(ChannelHandlerContext ctx, SocketAddress localAddress, Promise<Void> promise) {
    outbound(
        promise,
        () -> handler.bind(offloadedCtx, localAddress, promise),
        () -> promise.tryFailure(rejected()));
  }

  @Override
  public void connect(
      ChannelHandlerContext ctx,
      SocketAddress remoteAddress,
      SocketAddress localAddress,
      Promise<Void> promise) {
    outbound(
        promise,
        () -> handler.connect(offloadedCtx, remoteAddress, localAddress, promise),
        () -> promise.tryFailure(rejected()));
  }

  @Override
  public void disconnect(ChannelHandlerContext ctx, Promise<Void> promise) {
    outbound(
        promise, () -> handler.disconnect(offloadedCtx, promise), () -> ctx.disconnect(promise));
  }

  @Override
  public void close(ChannelHandlerContext ctx, Promise<Void> promise) {
    outbound(promise, () -> handler.close(offloadedCtx, promise), () -> ctx.close(promise));
  }

  @Override
  public void read(ChannelHandlerContext ctx) {
    outbound(null, () -> handler.read(offloadedCtx), ctx::read);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    outbound(
        promise,
        () -> handler.write(offloadedCtx, msg, promise),
        () -> {
          ReferenceCountUtil.release(msg);
          promise.tryFailure(rejected());
        });
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    outbound(null, () -> handler.flush(offloadedCtx), ctx::flush);
  }

  private static RejectedExecutionException rejected() {
    return new RejectedExecutionException("the offload group is closed");
  }
}

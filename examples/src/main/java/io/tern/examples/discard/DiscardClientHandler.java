package io.tern.examples.discard;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.concurrent.TimeUnit;

/**
 * Writes {@code size}-byte messages for as long as the channel stays writable, resuming on every
 * writability change, until a byte budget is spent or a deadline passes; then waits for the last
 * write to reach the socket, closes, and completes a promise with the bytes written.
 *
 * <p>One instance per channel; runs on the channel's event loop. Every message is a retained
 * duplicate of one buffer of zeros, so sending costs no copies; the channel releases each write,
 * and this handler releases its own reference when the channel closes.
 */
public final class DiscardClientHandler implements ChannelHandler {
  private final int size;
  private final long maxBytes;
  private final long durationNanos;
  private final Promise<Long> done;
  private ByteBuf content;
  private long written;
  private boolean started;
  private boolean stopped;

  /**
   * Creates the handler.
   *
   * @param size bytes per message, at least 1
   * @param maxBytes stop after this many bytes ({@link Long#MAX_VALUE}: no limit)
   * @param durationNanos stop after this long ({@link Long#MAX_VALUE}: no limit)
   * @param done completed with the bytes written once the last one reached the socket
   */
  public DiscardClientHandler(int size, long maxBytes, long durationNanos, Promise<Long> done) {
    if (size < 1 || maxBytes < 1 || durationNanos < 1) {
      throw new IllegalArgumentException(
          "size " + size + ", maxBytes " + maxBytes + ", durationNanos " + durationNanos);
    }
    this.size = size;
    this.maxBytes = maxBytes;
    this.durationNanos = durationNanos;
    this.done = done;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    content = ctx.alloc().directBuffer(size).writeZero(size);
    if (ctx.channel().isActive()) {
      start(ctx); // added to a connected channel: channelActive is not coming
    }
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    ReferenceCountUtil.safeRelease(content);
    content = null;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    start(ctx);
    ctx.fireChannelActive();
  }

  private void start(ChannelHandlerContext ctx) {
    if (started) {
      return;
    }
    started = true;
    if (durationNanos != Long.MAX_VALUE) {
      ctx.executor().schedule(() -> stop(ctx), durationNanos, TimeUnit.NANOSECONDS);
    }
    send(ctx);
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    if (ctx.channel().isWritable()) {
      // As a task, not nested in the flush that drained the buffer: the loop gets to run other
      // work (such as the deadline) between batches, and the stack stays flat.
      ctx.executor().execute(() -> send(ctx));
    }
    ctx.fireChannelWritabilityChanged();
  }

  private void send(ChannelHandlerContext ctx) {
    while (!stopped && ctx.channel().isWritable()) {
      int n = (int) Math.min(size, maxBytes - written);
      ctx.write(content.retainedSlice(content.readerIndex(), n));
      written += n;
      if (written == maxBytes) {
        stop(ctx);
        return;
      }
    }
    ctx.flush();
  }

  private void stop(ChannelHandlerContext ctx) {
    if (stopped) {
      return;
    }
    stopped = true;
    long total = written;
    // Writes complete in order: once this empty one is written, every earlier one is too.
    ctx.writeAndFlush(ctx.alloc().buffer(0))
        .addListener(
            f -> {
              if (f.isSuccess()) {
                done.trySuccess(total);
              } else {
                done.tryFailure(f.cause());
              }
              ctx.close();
            });
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ReferenceCountUtil.release(msg); // a discard server sends nothing; ignore whatever comes
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    done.tryFailure(new java.io.IOException("closed after " + written + " bytes"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (done.tryFailure(cause)) {
      ctx.close();
    }
  }
}

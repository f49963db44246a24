package io.tern.handler.stream;

import io.tern.buffer.Unpooled;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;

/**
 * Writes {@link ChunkedInput}s (files, streams) chunk by chunk, only while the channel is writable,
 * so a large transfer never fills memory faster than the peer reads. Other messages pass through in
 * order with the chunks.
 *
 * <pre>{@code
 * pipeline.addLast("tls", sslHandler);          // optional: chunks are encrypted like any write
 * pipeline.addLast("chunked", new ChunkedWriteHandler());
 * ...
 * ctx.writeAndFlush(new ChunkedNioFile(path));  // completes when the last chunk is written
 * }</pre>
 *
 * <p>Writes queue until a flush. A flush writes and flushes chunks while {@link
 * Channel#isWritable()}; when the channel turns unwritable the transfer pauses, and it resumes when
 * writability comes back ({@code channelWritabilityChanged}). An input that has no chunk ready (a
 * non-blocking source) pauses it until {@link #resumeTransfer()}. The write's future completes when
 * the input's last chunk is written, or fails with the first failing chunk; either way the input is
 * closed. When the channel closes, queued inputs are closed and their futures failed. A {@link
 * ProgressiveChunkedInput} has its listener told the progress after each chunk is written.
 *
 * <h2>Threading</h2>
 *
 * Called on the channel's executor; one instance per channel. {@link #resumeTransfer()} may be
 * called from any thread.
 *
 * <h2>Ownership</h2>
 *
 * The handler owns queued messages and inputs, and releases or closes them when they are written or
 * fail.
 */
public class ChunkedWriteHandler implements ChannelHandler {
  private static final System.Logger LOGGER = System.getLogger(ChunkedWriteHandler.class.getName());

  private record PendingWrite(Object msg, Promise<Void> promise) {}

  private final ArrayDeque<PendingWrite> queue = new ArrayDeque<>();
  private volatile ChannelHandlerContext ctx;

  /** Creates a handler. */
  public ChunkedWriteHandler() {}

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  /** Continues a transfer paused because its input had no chunk ready. Any thread may call it. */
  public void resumeTransfer() {
    ChannelHandlerContext c = ctx;
    if (c == null) {
      return;
    }
    if (c.executor().inEventLoop()) {
      doFlush(c);
    } else {
      c.executor().execute(() -> doFlush(c));
    }
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, Promise<Void> promise) {
    queue.add(new PendingWrite(msg, promise));
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    doFlush(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    doFlush(ctx); // fails what is queued: the channel is gone
    ctx.fireChannelInactive();
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
    if (ctx.channel().isWritable()) {
      doFlush(ctx);
    }
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    discard(new IllegalStateException("ChunkedWriteHandler removed"));
  }

  private void doFlush(ChannelHandlerContext ctx) {
    Channel channel = ctx.channel();
    if (!channel.isActive()) {
      discard(new ClosedChannelException());
      return;
    }
    boolean needsFlush = true;
    while (channel.isWritable()) {
      PendingWrite current = queue.peek();
      if (current == null) {
        break;
      }
      if (current.promise().isDone()) {
        // Cancelled (or failed) by someone else: drop it.
        queue.remove();
        closeOrRelease(current.msg());
        continue;
      }
      if (!(current.msg() instanceof ChunkedInput<?> input)) {
        queue.remove();
        ctx.write(current.msg(), current.promise());
        needsFlush = true;
        continue;
      }
      Object chunk = null;
      boolean end;
      try {
        chunk = input.readChunk(ctx.alloc());
        end = input.isEndOfInput();
      } catch (Throwable t) {
        queue.remove();
        ReferenceCountUtil.release(chunk);
        closeInput(input);
        current.promise().tryFailure(t);
        continue;
      }
      if (chunk == null && !end) {
        break; // nothing ready: wait for resumeTransfer()
      }
      if (end) {
        queue.remove();
      }
      long progress = input.progress();
      Future<Void> written = ctx.write(chunk != null ? chunk : Unpooled.EMPTY_BUFFER);
      written.addListener(f -> chunkWritten(f, current, input, progress, end));
      ctx.flush();
      needsFlush = false;
      if (!channel.isActive()) {
        discard(new ClosedChannelException());
        return;
      }
    }
    if (needsFlush) {
      ctx.flush();
    }
  }

  /** Completes the transfer after its last chunk, fails it on the first failed chunk. */
  private static void chunkWritten(
      Future<?> written, PendingWrite transfer, ChunkedInput<?> input, long progress, boolean end) {
    if (!written.isSuccess()) {
      closeInput(input);
      transfer.promise().tryFailure(written.cause());
      return;
    }
    if (input instanceof ProgressiveChunkedInput<?> progressive && !transfer.promise().isDone()) {
      try {
        progressive.listener().progressed(progress, input.length());
      } catch (Throwable t) {
        LOGGER.log(System.Logger.Level.WARNING, "a chunked progress listener failed", t);
      }
    }
    if (end) {
      closeInput(input);
      transfer.promise().trySuccess(null);
    }
  }

  /** Fails and frees everything queued. */
  private void discard(Throwable cause) {
    PendingWrite pending;
    while ((pending = queue.poll()) != null) {
      closeOrRelease(pending.msg());
      pending.promise().tryFailure(cause);
    }
  }

  private static void closeOrRelease(Object msg) {
    if (msg instanceof ChunkedInput<?> input) {
      closeInput(input);
    } else {
      ReferenceCountUtil.release(msg);
    }
  }

  private static void closeInput(ChunkedInput<?> input) {
    try {
      input.close();
    } catch (Throwable t) {
      LOGGER.log(System.Logger.Level.WARNING, "cannot close a chunked input", t);
    }
  }
}

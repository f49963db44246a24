package io.tern.examples.echo;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.io.IOException;
import java.util.Arrays;

/**
 * Sends {@code count} messages of {@code size} bytes as fast as the channel stays writable, checks
 * that every byte comes back in order, and completes a promise with the elapsed time once all of
 * them did (or fails it on the first wrong byte, an exception or an early close).
 *
 * <p>Message {@code m} holds the bytes {@code (byte) (m + j)} for {@code j} in {@code 0..size-1}: a
 * slice of one shared pattern, so the expected bytes at any offset of the echoed stream are known
 * without keeping a copy, and messages are written and checked with bulk copies, not byte by byte.
 *
 * <p>One instance per channel; runs on the channel's event loop. Buffers it reads are released
 * here; buffers it writes are owned by the channel.
 */
public final class EchoClientHandler implements ChannelHandler {
  private final int count;
  private final int size;
  private final Promise<Long> done;

  /** {@code pattern[k] == (byte) k}: message {@code m} is {@code pattern[m % 256 ..][..size]}. */
  private final byte[] pattern;

  private final byte[] scratch;
  private int sent;
  private long received;
  private int receivedMessage;
  private int receivedOffset;
  private long startNanos;

  /**
   * Creates the handler.
   *
   * @param count how many messages to send, at least 1
   * @param size bytes per message, at least 1
   * @param done completed with the nanoseconds from connection to the last echoed byte
   */
  public EchoClientHandler(int count, int size, Promise<Long> done) {
    if (count < 1 || size < 1) {
      throw new IllegalArgumentException("count " + count + ", size " + size);
    }
    this.count = count;
    this.size = size;
    this.done = done;
    this.pattern = new byte[size + 256];
    for (int k = 0; k < pattern.length; k++) {
      pattern[k] = (byte) k;
    }
    this.scratch = new byte[Math.min(size, 64 * 1024)];
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    startNanos = System.nanoTime();
    sendWhileWritable(ctx);
    ctx.fireChannelActive();
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    if (ctx.channel().isWritable()) {
      // As a task, not nested in the flush that drained the buffer: keeps the stack flat.
      ctx.executor().execute(() -> sendWhileWritable(ctx));
    }
    ctx.fireChannelWritabilityChanged();
  }

  private void sendWhileWritable(ChannelHandlerContext ctx) {
    if (sent == count) {
      return;
    }
    while (sent < count && ctx.channel().isWritable()) {
      ByteBuf message = ctx.alloc().buffer(size).writeBytes(pattern, sent & 0xFF, size);
      sent++;
      ctx.write(message);
    }
    ctx.flush();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf buf = (ByteBuf) msg;
    try {
      long total = (long) count * size;
      if (received + buf.readableBytes() > total) {
        fail(ctx, new IOException("more bytes echoed than sent"));
        return;
      }
      for (int i = buf.readerIndex(); i < buf.writerIndex(); ) {
        int n = Math.min(Math.min(buf.writerIndex() - i, size - receivedOffset), scratch.length);
        buf.getBytes(i, scratch, 0, n);
        int from = (receivedMessage & 0xFF) + receivedOffset;
        int mismatch = Arrays.mismatch(scratch, 0, n, pattern, from, from + n);
        if (mismatch >= 0) {
          fail(ctx, new IOException("echo differs at byte " + (received + mismatch)));
          return;
        }
        i += n;
        received += n;
        receivedOffset += n;
        if (receivedOffset == size) {
          receivedOffset = 0;
          receivedMessage++;
        }
      }
      if (received == total && done.trySuccess(System.nanoTime() - startNanos)) {
        ctx.close();
      }
    } finally {
      buf.release();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    fail(
        ctx, new IOException("closed after " + received + " of " + (long) count * size + " bytes"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    fail(ctx, cause);
  }

  private void fail(ChannelHandlerContext ctx, Throwable cause) {
    if (done.tryFailure(cause)) {
      ctx.close();
    }
  }
}

package io.tern.testsuite.socket;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.Arrays;

/**
 * Collects the bytes a channel reads into an array and releases the buffers; {@link #done()}
 * completes once {@code expected} bytes arrived (or fails on an exception). One per channel.
 */
@SuppressWarnings("NonAtomicVolatileUpdate") // one writer: the channel's event loop
public final class ByteSink implements ChannelHandler {
  private final byte[] received;
  private final Promise<byte[]> done = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
  private volatile int count;
  private volatile int reads;

  /**
   * Creates a sink.
   *
   * @param expected how many bytes to wait for
   */
  public ByteSink(int expected) {
    received = new byte[expected];
  }

  /**
   * Returns the completion.
   *
   * @return completed with the received bytes
   */
  public Promise<byte[]> done() {
    return done;
  }

  /**
   * Returns how many bytes arrived.
   *
   * @return the count
   */
  public int count() {
    return count;
  }

  /**
   * Returns how many buffers arrived.
   *
   * @return the {@code channelRead} count
   */
  public int reads() {
    return reads;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf buf = (ByteBuf) msg;
    try {
      int n = buf.readableBytes();
      if (count + n > received.length) {
        done.tryFailure(new AssertionError("more bytes than expected: " + (count + n)));
        return;
      }
      buf.readBytes(received, count, n);
      count += n;
      reads++;
      if (count == received.length) {
        done.trySuccess(Arrays.copyOf(received, count));
      }
    } finally {
      buf.release();
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    done.tryFailure(cause);
  }
}

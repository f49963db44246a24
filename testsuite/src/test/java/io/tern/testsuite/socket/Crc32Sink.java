package io.tern.testsuite.socket;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.ImmediateEventExecutor;
import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.zip.CRC32;

/**
 * Checksums what a channel reads without keeping it (for tens of MiB); {@link #done()} completes
 * with the CRC-32 once {@code expected} bytes arrived. One per channel.
 */
public final class Crc32Sink implements ChannelHandler {
  private final long expected;
  private final CRC32 crc = new CRC32();
  private final Promise<Long> done = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
  private long count;

  /**
   * Creates the sink.
   *
   * @param expected how many bytes to wait for
   */
  public Crc32Sink(long expected) {
    this.expected = expected;
  }

  /**
   * Returns the completion.
   *
   * @return completed with the checksum of the bytes received
   */
  public Promise<Long> done() {
    return done;
  }

  /**
   * Returns the checksum of {@code data}.
   *
   * @param data the bytes
   * @return the CRC-32
   */
  public static long crcOf(byte[] data) {
    CRC32 c = new CRC32();
    c.update(data);
    return c.getValue();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf buf = (ByteBuf) msg;
    try {
      int n = buf.readableBytes();
      count += n;
      crc.update(buf.nioBuffer());
      if (count > expected) {
        done.tryFailure(new AssertionError("more bytes than expected: " + count));
      } else if (count == expected) {
        done.trySuccess(crc.getValue());
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

package io.tern.examples.factorial;

import io.tern.common.concurrent.Promise;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.SimpleChannelInboundHandler;
import java.io.IOException;
import java.math.BigInteger;

/**
 * Sends 1, 2, …, {@code count} to a factorial server while the channel is writable (resuming on
 * {@code channelWritabilityChanged}), and completes a promise with the last product the server
 * answers: {@code count!}.
 *
 * <h2>Threading</h2>
 *
 * <p>Keeps one connection's progress: create one per channel. Its callbacks run on that channel's
 * event loop, where the promise is completed.
 *
 * <h2>Ownership</h2>
 *
 * <p>Reads and writes {@link BigInteger}s. Holds no reference-counted objects.
 */
public final class FactorialClientHandler extends SimpleChannelInboundHandler<BigInteger> {
  private final int count;
  private final Promise<BigInteger> result;
  private int next = 1;
  private int received;

  /**
   * Creates the handler for one connection.
   *
   * @param count the last number sent, at least 1
   * @param result completed with {@code count!}, or failed if the connection closes first
   */
  public FactorialClientHandler(int count, Promise<BigInteger> result) {
    super(BigInteger.class);
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1: " + count);
    }
    this.count = count;
    this.result = result;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    sendWhileWritable(ctx);
    ctx.fireChannelActive();
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    sendWhileWritable(ctx);
    ctx.fireChannelWritabilityChanged();
  }

  /** Queues numbers until the outbound buffer passes its high water mark, then flushes once. */
  private void sendWhileWritable(ChannelHandlerContext ctx) {
    boolean wrote = false;
    while (next <= count && ctx.channel().isWritable()) {
      ctx.write(BigInteger.valueOf(next++), ctx.voidPromise());
      wrote = true;
    }
    if (wrote) {
      ctx.flush();
    }
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, BigInteger product) {
    if (++received == count) {
      result.trySuccess(product);
      ctx.close();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    result.tryFailure(
        new IOException("closed after " + received + " of " + count + " products came back"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    result.tryFailure(cause);
    ctx.close();
  }
}

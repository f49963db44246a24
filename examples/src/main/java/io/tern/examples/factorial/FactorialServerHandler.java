package io.tern.examples.factorial;

import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.SimpleChannelInboundHandler;
import java.math.BigInteger;

/**
 * Multiplies the numbers a client sends and answers each with the product so far.
 *
 * <h2>Threading</h2>
 *
 * <p>Keeps the running product of one connection: create one per channel. Its callbacks run on that
 * channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Reads and writes {@link BigInteger}s. Holds no reference-counted objects.
 */
public final class FactorialServerHandler extends SimpleChannelInboundHandler<BigInteger> {
  private BigInteger product = BigInteger.ONE;

  /** Creates the handler for one connection. */
  public FactorialServerHandler() {
    super(BigInteger.class);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, BigInteger number) {
    product = product.multiply(number);
    ctx.write(product, ctx.voidPromise()); // a failed write reaches exceptionCaught, which closes
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    System.err.println("factorial-server: closing " + ctx.channel() + ": " + cause);
    ctx.close();
  }
}

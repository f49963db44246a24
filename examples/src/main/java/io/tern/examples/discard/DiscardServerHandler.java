package io.tern.examples.discard;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/**
 * Releases whatever it reads, counting the bytes: into a total shared by every connection, and per
 * connection, reported when the connection closes.
 *
 * <p>One instance per channel; runs on the channel's event loop. It consumes, and so releases,
 * every message.
 */
public final class DiscardServerHandler implements ChannelHandler {
  private final LongAdder total;
  private final LongConsumer onClose;
  private long received;

  /**
   * Creates the handler.
   *
   * @param total incremented by the size of every buffer read (thread-safe, shared)
   * @param onClose told this connection's byte count when it closes
   */
  public DiscardServerHandler(LongAdder total, LongConsumer onClose) {
    this.total = total;
    this.onClose = onClose;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof ByteBuf buf) {
      int n = buf.readableBytes();
      received += n;
      total.add(n);
    }
    ReferenceCountUtil.release(msg);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    onClose.accept(received);
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    System.err.println("discard: closing " + ctx.channel() + ": " + cause);
    ctx.close();
  }
}

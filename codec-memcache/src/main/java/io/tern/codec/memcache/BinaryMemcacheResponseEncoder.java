package io.tern.codec.memcache;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.codec.memcache.internal.Frames;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Encodes each {@link BinaryMemcacheResponse} (header, extras, key and value) into one buffer of
 * exactly its size.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop. Keeps no per-channel state: one instance may serve many pipelines.
 *
 * <h2>Ownership</h2>
 *
 * Releases each message after copying it; the buffer written belongs to the next outbound handler.
 */
public final class BinaryMemcacheResponseEncoder
    extends MessageToByteEncoder<BinaryMemcacheResponse> {
  /** Creates the encoder. */
  public BinaryMemcacheResponseEncoder() {
    super(BinaryMemcacheResponse.class);
  }

  @Override
  protected ByteBuf allocateBuffer(
      ChannelHandlerContext ctx, BinaryMemcacheResponse msg, boolean preferDirect) {
    return ctx.alloc().ioBuffer(Frames.HEADER + msg.totalBodyLength());
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, BinaryMemcacheResponse msg, ByteBuf out) {
    Frames.write(
        out,
        Frames.RESPONSE,
        msg.opcode(),
        msg.dataType(),
        msg.status(),
        msg.opaque(),
        msg.cas(),
        msg.extras(),
        msg.key(),
        msg.value());
  }
}

package io.tern.codec.memcache;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.codec.memcache.internal.Frames;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Encodes each {@link BinaryMemcacheRequest} (header, extras, key and value) into one buffer of
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
public final class BinaryMemcacheRequestEncoder
    extends MessageToByteEncoder<BinaryMemcacheRequest> {
  /** Creates the encoder. */
  public BinaryMemcacheRequestEncoder() {
    super(BinaryMemcacheRequest.class);
  }

  @Override
  protected ByteBuf allocateBuffer(
      ChannelHandlerContext ctx, BinaryMemcacheRequest msg, boolean preferDirect) {
    return ctx.alloc().ioBuffer(Frames.HEADER + msg.totalBodyLength());
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, BinaryMemcacheRequest msg, ByteBuf out) {
    Frames.write(
        out,
        Frames.REQUEST,
        msg.opcode(),
        msg.dataType(),
        msg.vbucket(),
        msg.opaque(),
        msg.cas(),
        msg.extras(),
        msg.key(),
        msg.value());
  }
}

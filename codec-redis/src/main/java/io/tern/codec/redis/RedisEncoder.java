package io.tern.codec.redis;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.codec.redis.internal.RespWriter;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Encodes any {@link RedisMessage} into one buffer of exactly its size: replies on a server,
 * commands built as arrays of bulk strings on a client, and the pieces a streaming decoder produces
 * (so a proxy can pass them through). RESP3 kinds are written as RESP3: send them only to a peer
 * that asked for it ({@code HELLO 3}). An {@link ErrorRedisMessage} whose text holds CR or LF is
 * written as a RESP3 bulk error; a simple string or inline command holding them fails the write
 * with an {@link io.tern.codec.EncoderException}.
 *
 * <p>Bulk-string bytes are copied into the buffer; for commands built from text and numbers, {@link
 * RedisCommandEncoder} skips building messages at all.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop. Keeps no per-channel state: one instance may serve many pipelines.
 *
 * <h2>Ownership</h2>
 *
 * Releases each message it encodes (after copying it); the buffer written belongs to the next
 * outbound handler.
 */
public final class RedisEncoder extends MessageToByteEncoder<RedisMessage> {
  /** Creates the encoder. */
  public RedisEncoder() {
    super(RedisMessage.class);
  }

  @Override
  protected ByteBuf allocateBuffer(
      ChannelHandlerContext ctx, RedisMessage msg, boolean preferDirect) {
    return ctx.alloc().ioBuffer(RespWriter.size(msg));
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, RedisMessage msg, ByteBuf out) {
    RespWriter.write(out, msg);
  }
}

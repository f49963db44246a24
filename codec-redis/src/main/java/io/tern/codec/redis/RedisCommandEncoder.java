package io.tern.codec.redis;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.MessageToByteEncoder;
import io.tern.codec.redis.internal.RespNumbers;
import io.tern.codec.redis.internal.RespWriter;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Writes each {@link RedisCommand} as a RESP array of bulk strings ({@code *3\r\n$3\r\nSET\r\n...})
 * straight into one buffer of exactly its size: no message objects, no buffer per argument. Other
 * outbound messages pass by, so a {@link RedisEncoder} after it (closer to the socket) can still
 * write {@link RedisMessage}s.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop. Keeps no per-channel state: one instance may serve many pipelines.
 *
 * <h2>Ownership</h2>
 *
 * Commands hold no reference-counted objects; the buffer written belongs to the next outbound
 * handler.
 */
public final class RedisCommandEncoder extends MessageToByteEncoder<RedisCommand> {
  private static final short CRLF = ('\r' << 8) | '\n';

  /** Creates the encoder. */
  public RedisCommandEncoder() {
    super(RedisCommand.class);
  }

  @Override
  protected ByteBuf allocateBuffer(
      ChannelHandlerContext ctx, RedisCommand msg, boolean preferDirect) {
    Object[] arguments = msg.arguments();
    int size = RespWriter.header(arguments.length);
    for (Object argument : arguments) {
      size += RespWriter.bulkSize(length(argument));
    }
    return ctx.alloc().ioBuffer(size);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, RedisCommand msg, ByteBuf out) {
    Object[] arguments = msg.arguments();
    RespWriter.number(out, '*', arguments.length);
    for (Object argument : arguments) {
      switch (argument) {
        case byte[] bytes -> {
          RespWriter.number(out, '$', bytes.length);
          out.writeBytes(bytes);
        }
        case Long value -> {
          RespWriter.number(out, '$', RespNumbers.length(value));
          RespNumbers.writeLong(out, value);
        }
        case Integer value -> {
          RespWriter.number(out, '$', RespNumbers.length(value));
          RespNumbers.writeLong(out, value);
        }
        default -> {
          CharSequence text = (CharSequence) argument;
          RespWriter.number(out, '$', ByteBufUtil.utf8Bytes(text));
          ByteBufUtil.writeUtf8(out, text);
        }
      }
      out.writeShort(CRLF);
    }
  }

  private static int length(Object argument) {
    return switch (argument) {
      case byte[] bytes -> bytes.length;
      case Long value -> RespNumbers.length(value);
      case Integer value -> RespNumbers.length(value);
      default -> ByteBufUtil.utf8Bytes((CharSequence) argument);
    };
  }
}

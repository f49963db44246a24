package io.tern.examples.redis;

import io.tern.buffer.ByteBuf;
import io.tern.codec.redis.RedisMessage;
import io.tern.codec.redis.SimpleStringRedisMessage;
import io.tern.common.concurrent.Future;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.StandardCharsets;

/**
 * The replies of one connection, gathered per read burst. The two a pipelined {@code SET}/{@code
 * GET} load is made of, {@code +OK} and a bulk string of stored bytes, are written as RESP straight
 * into one buffer, which leaves as a single write when the burst ends: no message object, encoder
 * call or outbound entry per reply. Any other reply is a message for the encoder, written after the
 * bytes gathered before it, so replies keep the order of the commands.
 *
 * <p>Threading: the connection's event loop.
 *
 * <p>Ownership: holds the gathered buffer until {@link #flush} hands it to the channel or {@link
 * #discard} releases it.
 */
final class Replies {
  private static final byte[] OK = "+OK\r\n".getBytes(StandardCharsets.US_ASCII);
  private static final int CRLF = ('\r' << 8) | '\n';
  private static final int INITIAL_CAPACITY = 512;

  private final ChannelHandlerContext ctx;
  private ByteBuf gathered;

  Replies(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  /** Adds a reply; {@code +OK} and nothing else goes into the gathered bytes. */
  void add(RedisMessage reply) {
    if (reply == SimpleStringRedisMessage.OK) {
      gathered().writeBytes(OK);
    } else {
      writeGathered();
      ctx.write(reply);
    }
  }

  /** Adds a bulk string reply holding {@code bytes} (RESP2 and RESP3 alike). */
  void bulk(byte[] bytes) {
    ByteBuf out = gathered();
    out.writeByte('$');
    writeDecimal(out, bytes.length);
    out.writeShort(CRLF);
    out.writeBytes(bytes);
    out.writeShort(CRLF);
  }

  /** Writes {@code reply} after everything gathered, flushes, and returns the write's future. */
  Future<Void> addAndFlush(RedisMessage reply) {
    writeGathered();
    return ctx.writeAndFlush(reply);
  }

  /** Writes what was gathered and flushes the connection. */
  void flush() {
    writeGathered();
    ctx.flush();
  }

  /** Releases what was gathered and not written (the connection ended). */
  void discard() {
    if (gathered != null) {
      gathered.release();
      gathered = null;
    }
  }

  private ByteBuf gathered() {
    if (gathered == null) {
      gathered = ctx.alloc().ioBuffer(INITIAL_CAPACITY);
    }
    return gathered;
  }

  private void writeGathered() {
    ByteBuf out = gathered;
    if (out != null) {
      gathered = null;
      ctx.write(out);
    }
  }

  private static void writeDecimal(ByteBuf out, int value) {
    int digits = 1;
    for (int v = value; v >= 10; v /= 10) {
      digits++;
    }
    int at = out.writerIndex() + digits;
    out.ensureWritable(digits);
    for (int v = value, i = at - 1; i >= out.writerIndex(); i--, v /= 10) {
      out.setByte(i, '0' + v % 10);
    }
    out.writerIndex(at);
  }
}

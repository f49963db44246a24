package io.tern.codec.redis.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.EncoderException;
import io.tern.codec.redis.AggregateHeaderRedisMessage;
import io.tern.codec.redis.ArrayRedisMessage;
import io.tern.codec.redis.BigNumberRedisMessage;
import io.tern.codec.redis.BooleanRedisMessage;
import io.tern.codec.redis.BulkStringHeaderRedisMessage;
import io.tern.codec.redis.BulkStringRedisContent;
import io.tern.codec.redis.DoubleRedisMessage;
import io.tern.codec.redis.ErrorRedisMessage;
import io.tern.codec.redis.FullBulkStringRedisMessage;
import io.tern.codec.redis.InlineCommandRedisMessage;
import io.tern.codec.redis.IntegerRedisMessage;
import io.tern.codec.redis.MapRedisMessage;
import io.tern.codec.redis.NullRedisMessage;
import io.tern.codec.redis.RedisMessage;
import io.tern.codec.redis.SimpleStringRedisMessage;
import io.tern.codec.redis.VerbatimStringRedisMessage;

/**
 * Writes {@link RedisMessage}s in RESP: {@link #size} computes the exact number of bytes first, so
 * the encoder allocates one buffer of the right size and {@link #write} never grows it.
 */
public final class RespWriter {
  private static final short CRLF = ('\r' << 8) | '\n';

  private RespWriter() {}

  /**
   * Returns the exact number of bytes {@link #write} writes for {@code message}.
   *
   * @param message the message
   * @return its size on the wire
   * @throws EncoderException for text a simple string may not hold
   */
  public static int size(RedisMessage message) {
    // The commonest replies first: each case is a type test, made in order.
    return switch (message) {
      case FullBulkStringRedisMessage m -> m.isNull() ? 5 : bulkSize(m.content().readableBytes());
      case SimpleStringRedisMessage m -> 3 + simpleText(m.content());
      case ErrorRedisMessage m -> errorSize(m.content());
      case IntegerRedisMessage m -> 3 + RespNumbers.length(m.value());
      case ArrayRedisMessage m -> {
        if (m.isNull()) {
          yield 5;
        }
        int size = header(m.children().size());
        for (RedisMessage child : m.children()) {
          size += size(child);
        }
        yield size;
      }
      case DoubleRedisMessage m -> 3 + doubleText(m.value()).length();
      case BooleanRedisMessage m -> 4;
      case BigNumberRedisMessage m -> 3 + m.value().toString().length();
      case NullRedisMessage m -> 3;
      case InlineCommandRedisMessage m -> 2 + simpleText(m.content());
      case VerbatimStringRedisMessage m -> bulkSize(4 + m.content().readableBytes());
      case MapRedisMessage m -> {
        int size = header(m.size());
        for (RedisMessage child : m.keysAndValues()) {
          size += size(child);
        }
        yield size;
      }
      case BulkStringHeaderRedisMessage m -> header(m.bulkStringLength());
      case BulkStringRedisContent m -> m.content().readableBytes() + (m.isLast() ? 2 : 0);
      case AggregateHeaderRedisMessage m -> header(m.length());
    };
  }

  /**
   * Writes {@code message}.
   *
   * @param out the buffer, with room for {@link #size} bytes
   * @param message the message; not released
   */
  public static void write(ByteBuf out, RedisMessage message) {
    // The commonest replies first: each case is a type test, made in order.
    switch (message) {
      case FullBulkStringRedisMessage m -> {
        if (m.isNull()) {
          number(out, '$', -1);
        } else {
          ByteBuf content = m.content();
          number(out, '$', content.readableBytes());
          out.writeBytes(content, content.readerIndex(), content.readableBytes());
          out.writeShort(CRLF);
        }
      }
      case SimpleStringRedisMessage m -> line(out, '+', m.content());
      case ErrorRedisMessage m -> {
        String text = m.content();
        if (hasLineBreak(text)) {
          out.writeByte('!');
          RespNumbers.writeLong(out, ByteBufUtil.utf8Bytes(text));
          out.writeShort(CRLF);
          ByteBufUtil.writeUtf8(out, text);
          out.writeShort(CRLF);
        } else {
          line(out, '-', text);
        }
      }
      case IntegerRedisMessage m -> number(out, ':', m.value());
      case DoubleRedisMessage m -> line(out, ',', doubleText(m.value()));
      case BooleanRedisMessage m -> {
        out.writeByte('#');
        out.writeByte(m.value() ? 't' : 'f');
        out.writeShort(CRLF);
      }
      case BigNumberRedisMessage m -> line(out, '(', m.value().toString());
      case NullRedisMessage m -> {
        out.writeByte('_');
        out.writeShort(CRLF);
      }
      case InlineCommandRedisMessage m -> {
        ByteBufUtil.writeUtf8(out, m.content());
        out.writeShort(CRLF);
      }
      case VerbatimStringRedisMessage m -> {
        ByteBuf content = m.content();
        number(out, '=', 4 + content.readableBytes());
        ByteBufUtil.writeAscii(out, m.format());
        out.writeByte(':');
        out.writeBytes(content, content.readerIndex(), content.readableBytes());
        out.writeShort(CRLF);
      }
      case ArrayRedisMessage m -> {
        if (m.isNull()) {
          number(out, '*', -1);
        } else {
          number(out, m.type().prefix(), m.children().size());
          for (RedisMessage child : m.children()) {
            write(out, child);
          }
        }
      }
      case MapRedisMessage m -> {
        number(out, m.type().prefix(), m.size());
        for (RedisMessage child : m.keysAndValues()) {
          write(out, child);
        }
      }
      case BulkStringHeaderRedisMessage m -> number(out, '$', m.bulkStringLength());
      case BulkStringRedisContent m -> {
        ByteBuf content = m.content();
        out.writeBytes(content, content.readerIndex(), content.readableBytes());
        if (m.isLast()) {
          out.writeShort(CRLF);
        }
      }
      case AggregateHeaderRedisMessage m -> number(out, m.type().prefix(), m.length());
    }
  }

  /**
   * Writes a prefix byte, a decimal number and CR LF.
   *
   * @param out the buffer
   * @param prefix the type byte
   * @param value the number
   */
  public static void number(ByteBuf out, int prefix, long value) {
    out.writeByte(prefix);
    RespNumbers.writeLong(out, value);
    out.writeShort(CRLF);
  }

  /**
   * Returns the size of a prefix byte, a decimal number and CR LF.
   *
   * @param value the number
   * @return the bytes
   */
  public static int header(long value) {
    return 3 + RespNumbers.length(value);
  }

  /**
   * Returns the size of a bulk string of {@code length} bytes, header and trailer included.
   *
   * @param length the content bytes
   * @return the bytes
   */
  public static int bulkSize(int length) {
    return header(length) + length + 2;
  }

  private static void line(ByteBuf out, int prefix, String text) {
    out.writeByte(prefix);
    ByteBufUtil.writeUtf8(out, text);
    out.writeShort(CRLF);
  }

  private static int simpleText(String text) {
    if (hasLineBreak(text)) {
      throw new EncoderException("RESP simple strings and inline commands may not hold CR or LF");
    }
    return ByteBufUtil.utf8Bytes(text);
  }

  private static int errorSize(String text) {
    int bytes = ByteBufUtil.utf8Bytes(text);
    return hasLineBreak(text) ? bulkSize(bytes) : 3 + bytes;
  }

  private static boolean hasLineBreak(String text) {
    return text.indexOf('\r') >= 0 || text.indexOf('\n') >= 0;
  }

  private static String doubleText(double value) {
    if (Double.isNaN(value)) {
      return "nan";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    return Double.toString(value);
  }
}

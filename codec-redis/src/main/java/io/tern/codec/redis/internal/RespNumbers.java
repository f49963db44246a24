package io.tern.codec.redis.internal;

import io.tern.buffer.ByteBuf;
import io.tern.codec.redis.RedisCodecException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/** Reads RESP numbers from a buffer and writes integers as ASCII digits into one. */
public final class RespNumbers {
  private static final long[] POWERS = new long[19];

  static {
    long p = 1;
    for (int i = 0; i < POWERS.length; i++) {
      POWERS[i] = p;
      p *= 10;
    }
  }

  private RespNumbers() {}

  /**
   * Parses a signed decimal integer of at most 19 digits ({@code -} allowed, {@code +} not).
   *
   * @param in the buffer
   * @param start the first byte
   * @param end the byte after the last
   * @return the value
   * @throws RedisCodecException if the bytes are not such an integer or it overflows
   */
  public static long parseLong(ByteBuf in, int start, int end) {
    int i = start;
    boolean negative = i < end && in.getByte(i) == '-';
    if (negative) {
      i++;
    }
    int digits = end - i;
    if (digits <= 0 || digits > 19) {
      throw new RedisCodecException("not a RESP integer: " + text(in, start, end));
    }
    // Accumulated as a negative number, so that Long.MIN_VALUE fits.
    long value = 0;
    for (; i < end; i++) {
      int d = in.getByte(i) - '0';
      if (d < 0 || d > 9) {
        throw new RedisCodecException("not a RESP integer: " + text(in, start, end));
      }
      if (digits == 19) {
        try {
          value = Math.subtractExact(Math.multiplyExact(value, 10), d);
        } catch (ArithmeticException e) {
          throw new RedisCodecException("RESP integer overflows 64 bits: " + text(in, start, end));
        }
      } else {
        value = value * 10 - d;
      }
    }
    if (negative) {
      return value;
    }
    if (value == Long.MIN_VALUE) {
      throw new RedisCodecException("RESP integer overflows 64 bits: " + text(in, start, end));
    }
    return -value;
  }

  /**
   * Parses a RESP3 double: decimal digits with an optional sign, point and exponent, or {@code
   * inf}, {@code -inf}, {@code nan}.
   *
   * @param in the buffer
   * @param start the first byte
   * @param end the byte after the last
   * @return the value
   * @throws RedisCodecException if the bytes are not such a number
   */
  public static double parseDouble(ByteBuf in, int start, int end) {
    String text = in.toString(start, end - start, StandardCharsets.US_ASCII);
    switch (text) {
      case "inf", "+inf" -> {
        return Double.POSITIVE_INFINITY;
      }
      case "-inf" -> {
        return Double.NEGATIVE_INFINITY;
      }
      case "nan", "-nan" -> {
        return Double.NaN;
      }
      default -> {}
    }
    boolean digit = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= '0' && c <= '9') {
        digit = true;
      } else if (c != '+' && c != '-' && c != '.' && c != 'e' && c != 'E') {
        digit = false;
        break;
      }
    }
    if (digit) {
      try {
        return Double.parseDouble(text);
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    throw new RedisCodecException("not a RESP3 double: " + abbreviate(text));
  }

  /**
   * Parses a RESP3 big number: decimal digits with an optional sign.
   *
   * @param in the buffer
   * @param start the first byte
   * @param end the byte after the last
   * @return the value
   * @throws RedisCodecException if the bytes are not such a number
   */
  public static BigInteger parseBigInteger(ByteBuf in, int start, int end) {
    int i = start;
    if (i < end && (in.getByte(i) == '-' || in.getByte(i) == '+')) {
      i++;
    }
    if (i == end) {
      throw new RedisCodecException("empty RESP3 big number");
    }
    for (int j = i; j < end; j++) {
      byte b = in.getByte(j);
      if (b < '0' || b > '9') {
        throw new RedisCodecException("not a RESP3 big number: " + text(in, start, end));
      }
    }
    return new BigInteger(in.toString(start, end - start, StandardCharsets.US_ASCII));
  }

  /**
   * Returns how many bytes {@link #writeLong} writes for {@code value}.
   *
   * @param value the integer
   * @return the number of ASCII characters, sign included
   */
  public static int length(long value) {
    if (value < 0) {
      return value == Long.MIN_VALUE ? 20 : 1 + length(-value);
    }
    if (value < 10) {
      return 1;
    }
    int n = 1;
    while (n < POWERS.length && value >= POWERS[n]) {
      n++;
    }
    return n;
  }

  /**
   * Writes {@code value} in decimal ASCII at the writer index.
   *
   * @param out the buffer, with room for {@link #length(long)} bytes
   * @param value the integer
   */
  public static void writeLong(ByteBuf out, long value) {
    if (value >= 0 && value < 10) {
      out.writeByte('0' + (int) value);
      return;
    }
    if (value == Long.MIN_VALUE) {
      out.writeBytes("-9223372036854775808".getBytes(StandardCharsets.US_ASCII));
      return;
    }
    int length = length(value);
    int w = out.writerIndex();
    out.ensureWritable(length);
    long v = value;
    if (v < 0) {
      out.setByte(w, '-');
      v = -v;
    }
    int i = w + length - 1;
    do {
      out.setByte(i--, '0' + (int) (v % 10));
      v /= 10;
    } while (v != 0);
    out.writerIndex(w + length);
  }

  private static String text(ByteBuf in, int start, int end) {
    return abbreviate(in.toString(start, end - start, StandardCharsets.ISO_8859_1));
  }

  private static String abbreviate(String text) {
    return text.length() > 40 ? text.substring(0, 40) + "..." : text;
  }
}

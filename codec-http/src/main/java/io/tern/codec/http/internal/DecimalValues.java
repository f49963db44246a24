package io.tern.codec.http.internal;

import io.tern.common.AsciiString;

/**
 * Decimal numbers as header values ({@code Content-Length}, {@code Max-Forwards}, …): an {@link
 * AsciiString} of the digits, which the encoders copy as bytes, valid as a field value by
 * construction. The values below {@value #CACHED} are created once and shared, so a server that
 * sets small lengths allocates nothing for them.
 *
 * <p>Threading: any thread. The cache is filled lazily without locks: two threads may create the
 * same value once each, and an {@link AsciiString} is safely published through its final fields.
 */
public final class DecimalValues {
  private static final int CACHED = 1024;
  private static final AsciiString[] SMALL = new AsciiString[CACHED];

  private DecimalValues() {}

  /**
   * Returns {@code value} in decimal.
   *
   * @param value a number
   * @return its digits (with a leading {@code -} when negative)
   */
  public static AsciiString of(long value) {
    if (value >= 0 && value < CACHED) {
      int i = (int) value;
      AsciiString s = SMALL[i];
      if (s == null) {
        s = encode(value);
        SMALL[i] = s;
      }
      return s;
    }
    return encode(value);
  }

  private static AsciiString encode(long value) {
    if (value < 0) {
      return new AsciiString(Long.toString(value));
    }
    int digits = 1;
    for (long v = value; v >= 10; v /= 10) {
      digits++;
    }
    byte[] b = new byte[digits];
    long v = value;
    for (int i = digits - 1; i >= 0; i--) {
      b[i] = (byte) ('0' + (int) (v % 10));
      v /= 10;
    }
    return new AsciiString(b, 0, digits, false);
  }
}

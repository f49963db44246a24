package io.tern.buffer.internal.text;

import java.util.HexFormat;

/**
 * Hex and pretty (table) dumps of bytes, and the reverse. Stateless; any thread.
 *
 * <pre>
 *          +-------------------------------------------------+
 *          |  0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f |
 * +--------+-------------------------------------------------+----------------+
 * |00000000| 48 65 6c 6c 6f 2c 20 77 6f 72 6c 64 21 0d 0a    |Hello, world!.. |
 * +--------+-------------------------------------------------+----------------+
 * </pre>
 */
public final class HexDump {
  private static final HexFormat HEX = HexFormat.of();
  private static final String NEWLINE = System.lineSeparator();
  private static final String HEADER =
      "         +-------------------------------------------------+"
          + NEWLINE
          + "         |  0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f |"
          + NEWLINE
          + "+--------+-------------------------------------------------+----------------+";
  private static final String FOOTER =
      "+--------+-------------------------------------------------+----------------+";

  private HexDump() {}

  /**
   * Formats bytes as lower-case hex, two digits each, no separators.
   *
   * @param bytes the array
   * @param from the first byte
   * @param length how many
   * @return the hex string
   */
  public static String hex(byte[] bytes, int from, int length) {
    return HEX.formatHex(bytes, from, from + length);
  }

  /**
   * Appends a table of offsets, hex and printable ASCII for {@code length} bytes; offsets count
   * from 0.
   *
   * @param out where to append
   * @param bytes the array
   * @param from the first byte
   * @param length how many
   */
  public static void appendPretty(StringBuilder out, byte[] bytes, int from, int length) {
    if (length == 0) {
      return;
    }
    out.append(HEADER);
    int rows = (length + 15) >>> 4;
    for (int row = 0; row < rows; row++) {
      int rowStart = row << 4;
      int rowEnd = Math.min(rowStart + 16, length);
      out.append(NEWLINE).append('|');
      String offset = Integer.toHexString(rowStart);
      out.repeat('0', 8 - offset.length()).append(offset).append("|");
      for (int i = rowStart; i < rowEnd; i++) {
        out.append(' ');
        HEX.toHexDigits(out, bytes[from + i]);
      }
      out.repeat(' ', (rowStart + 16 - rowEnd) * 3).append(" |");
      for (int i = rowStart; i < rowEnd; i++) {
        int b = bytes[from + i] & 0xFF;
        out.append(b >= 0x20 && b < 0x7F ? (char) b : '.');
      }
      out.repeat(' ', rowStart + 16 - rowEnd).append('|');
    }
    out.append(NEWLINE).append(FOOTER);
  }

  /**
   * Parses hex digits (either case) into bytes.
   *
   * @param hex the digits
   * @param from the first digit
   * @param length the number of digits, even
   * @return the bytes
   * @throws IllegalArgumentException if the length is odd or a character is not a hex digit
   */
  public static byte[] decode(CharSequence hex, int from, int length) {
    if ((length & 1) != 0) {
      throw new IllegalArgumentException("odd number of hex digits: " + length);
    }
    byte[] bytes = new byte[length >>> 1];
    for (int i = 0; i < bytes.length; i++) {
      char hi = hex.charAt(from + 2 * i);
      char lo = hex.charAt(from + 2 * i + 1);
      if (!HexFormat.isHexDigit(hi) || !HexFormat.isHexDigit(lo)) {
        throw new IllegalArgumentException(
            "not a hex digit pair at " + (from + 2 * i) + ": '" + hi + lo + "'");
      }
      bytes[i] = (byte) ((HexFormat.fromHexDigit(hi) << 4) | HexFormat.fromHexDigit(lo));
    }
    return bytes;
  }
}

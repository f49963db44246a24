package io.tern.codec.http;

import io.tern.common.AsciiString;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;

/**
 * Parses and formats HTTP dates (RFC 9110, section 5.6.7) without {@code java.text} or calendars.
 *
 * <p><b>Parsing</b> follows the cookie-date algorithm of RFC 6265, section 5.1.1: the text is cut
 * into tokens at delimiters, and the first token that looks like a time ({@code hh:mm:ss}), a day
 * of month, a month name and a year fills each field, in any order. It therefore reads the
 * preferred RFC 1123 format ({@code Sun, 06 Nov 1994 08:49:37 GMT}), the obsolete RFC 850 ({@code
 * Sunday, 06-Nov-94 08:49:37 GMT}) and asctime ({@code Sun Nov 6 08:49:37 1994}) formats, and the
 * looser dates found in cookies. A month is recognised by packing its first three letters into an
 * {@code int} and switching on it, not by comparing against twelve names; the date becomes an epoch
 * instant by integer arithmetic. Two-digit years 70 to 99 mean 19xx, 0 to 69 mean 20xx; dates
 * before 1601, impossible days (such as 30 February) and out-of-range times are rejected.
 *
 * <p><b>Formatting</b> always writes the RFC 1123 form in GMT, clamped to years 0000 to 9999.
 *
 * <h2>Threading</h2>
 *
 * Stateless; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class DateFormatter {
  private static final long MILLIS_PER_DAY = 86_400_000L;
  private static final long MIN_MILLIS = -62_167_219_200_000L; // 0000-01-01T00:00:00Z
  private static final long MAX_MILLIS = 253_402_300_799_000L; // 9999-12-31T23:59:59Z

  private static final byte[][] DAY_NAMES = ascii("Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat");
  private static final byte[][] MONTH_NAMES =
      ascii("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec");

  /** The length of a formatted date. */
  static final int LENGTH = 29;

  private DateFormatter() {}

  private static byte[][] ascii(String... names) {
    byte[][] result = new byte[names.length][];
    for (int i = 0; i < names.length; i++) {
      result[i] = names[i].getBytes(StandardCharsets.US_ASCII);
    }
    return result;
  }

  // ---------------------------------------------------------------------------------------------
  // Parsing

  /**
   * Parses an HTTP date.
   *
   * @param text the date in any of the three HTTP formats (or a cookie date)
   * @return the instant, or {@code null} if {@code text} is not a valid date
   */
  public static Instant parse(CharSequence text) {
    long millis = parseMillis(text, Long.MIN_VALUE);
    return millis == Long.MIN_VALUE ? null : Instant.ofEpochMilli(millis);
  }

  /**
   * Parses an HTTP date without allocating.
   *
   * @param text the date in any of the three HTTP formats (or a cookie date)
   * @param defaultValue returned when {@code text} is not a valid date
   * @return milliseconds since the epoch, or {@code defaultValue}
   */
  public static long parseMillis(CharSequence text, long defaultValue) {
    Objects.requireNonNull(text, "text");
    int len = text.length();
    int hour = -1;
    int minute = -1;
    int second = -1;
    int day = -1;
    int month = -1;
    int year = -1;
    int i = 0;
    while (i < len) {
      while (i < len && isDelimiter(text.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < len && !isDelimiter(text.charAt(i))) {
        i++;
      }
      if (start == i) {
        break;
      }
      if (hour < 0) {
        long hms = parseTime(text, start, i);
        if (hms >= 0) {
          hour = (int) (hms >> 16);
          minute = (int) (hms >> 8) & 0xFF;
          second = (int) hms & 0xFF;
          continue;
        }
      }
      if (day < 0) {
        int d = parseDigits(text, start, i, 1, 2);
        if (d >= 0) {
          day = d;
          continue;
        }
      }
      if (month < 0) {
        int m = parseMonth(text, start, i);
        if (m >= 0) {
          month = m;
          continue;
        }
      }
      if (year < 0) {
        int y = parseDigits(text, start, i, 2, 4);
        if (y >= 0) {
          year = y;
        }
      }
    }
    if (hour < 0 || day < 0 || month < 0 || year < 0) {
      return defaultValue;
    }
    if (year >= 70 && year <= 99) {
      year += 1900;
    } else if (year < 70) {
      year += 2000;
    }
    if (year < 1601
        || day < 1
        || day > daysInMonth(year, month)
        || hour > 23
        || minute > 59
        || second > 59) {
      return defaultValue;
    }
    long days = daysFromCivil(year, month + 1, day);
    return days * MILLIS_PER_DAY + (hour * 3600L + minute * 60L + second) * 1000L;
  }

  // RFC 6265: %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E
  private static boolean isDelimiter(char c) {
    return c == 0x09
        || (c >= 0x20 && c <= 0x2F)
        || (c >= 0x3B && c <= 0x40)
        || (c >= 0x5B && c <= 0x60)
        || (c >= 0x7B && c <= 0x7E);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** Reads {@code min..max} digits, optionally followed by a non-digit and anything. */
  private static int parseDigits(CharSequence s, int start, int end, int min, int max) {
    int value = 0;
    int i = start;
    while (i < end && isDigit(s.charAt(i))) {
      if (i - start == max) {
        return -1;
      }
      value = value * 10 + (s.charAt(i) - '0');
      i++;
    }
    return i - start >= min ? value : -1;
  }

  /** Reads {@code h[h]:m[m]:s[s]} (then a non-digit and anything) into {@code h<<16|m<<8|s}. */
  private static long parseTime(CharSequence s, int start, int end) {
    int fields = 0;
    long result = 0;
    int i = start;
    while (fields < 3) {
      int value = 0;
      int digits = 0;
      while (i < end && isDigit(s.charAt(i)) && digits < 3) {
        value = value * 10 + (s.charAt(i) - '0');
        digits++;
        i++;
      }
      if (digits == 0 || digits > 2) {
        return -1;
      }
      result = (result << 8) | value;
      fields++;
      if (fields < 3) {
        if (i >= end || s.charAt(i) != ':') {
          return -1;
        }
        i++;
      }
    }
    return i < end && isDigit(s.charAt(i)) ? -1 : result;
  }

  /** Reads a month name's first three letters (any case; more letters may follow): 0 to 11. */
  private static int parseMonth(CharSequence s, int start, int end) {
    if (end - start < 3) {
      return -1;
    }
    int packed = (lower(s.charAt(start)) << 16) | (lower(s.charAt(start + 1)) << 8);
    packed |= lower(s.charAt(start + 2));
    return switch (packed) {
      case 'j' << 16 | 'a' << 8 | 'n' -> 0;
      case 'f' << 16 | 'e' << 8 | 'b' -> 1;
      case 'm' << 16 | 'a' << 8 | 'r' -> 2;
      case 'a' << 16 | 'p' << 8 | 'r' -> 3;
      case 'm' << 16 | 'a' << 8 | 'y' -> 4;
      case 'j' << 16 | 'u' << 8 | 'n' -> 5;
      case 'j' << 16 | 'u' << 8 | 'l' -> 6;
      case 'a' << 16 | 'u' << 8 | 'g' -> 7;
      case 's' << 16 | 'e' << 8 | 'p' -> 8;
      case 'o' << 16 | 'c' << 8 | 't' -> 9;
      case 'n' << 16 | 'o' << 8 | 'v' -> 10;
      case 'd' << 16 | 'e' << 8 | 'c' -> 11;
      default -> -1;
    };
  }

  private static int lower(char c) {
    return c >= 'A' && c <= 'Z' ? c + 32 : (c < 0x80 ? c : 0);
  }

  private static int daysInMonth(int year, int month) {
    return switch (month) {
      case 1 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
      case 3, 5, 8, 10 -> 30;
      default -> 31;
    };
  }

  // Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
  private static long daysFromCivil(long y, int m, int d) {
    y -= m <= 2 ? 1 : 0;
    long era = Math.floorDiv(y, 400);
    long yoe = y - era * 400;
    long doy = (153L * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146_097 + doe - 719_468;
  }

  // ---------------------------------------------------------------------------------------------
  // Formatting

  /**
   * Formats an instant as an RFC 1123 date in GMT.
   *
   * @param instant the instant (sub-second precision dropped)
   * @return for example {@code Sun, 06 Nov 1994 08:49:37 GMT}
   */
  public static String format(Instant instant) {
    return format(instant.toEpochMilli());
  }

  /**
   * Formats milliseconds since the epoch as an RFC 1123 date in GMT.
   *
   * @param epochMillis the time (sub-second precision dropped; clamped to years 0000 to 9999)
   * @return for example {@code Sun, 06 Nov 1994 08:49:37 GMT}
   */
  public static String format(long epochMillis) {
    byte[] out = new byte[LENGTH];
    write(epochMillis, out, 0);
    return new String(out, StandardCharsets.ISO_8859_1);
  }

  /**
   * Formats milliseconds since the epoch as an RFC 1123 date in GMT, as an {@link AsciiString}.
   *
   * @param epochMillis the time (sub-second precision dropped; clamped to years 0000 to 9999)
   * @return the date
   */
  public static AsciiString formatAscii(long epochMillis) {
    byte[] out = new byte[LENGTH];
    write(epochMillis, out, 0);
    return new AsciiString(out, 0, LENGTH, false);
  }

  /**
   * Appends an RFC 1123 date in GMT.
   *
   * @param epochMillis the time (sub-second precision dropped; clamped to years 0000 to 9999)
   * @param sb where to append
   * @return {@code sb}
   */
  public static StringBuilder append(long epochMillis, StringBuilder sb) {
    byte[] out = new byte[LENGTH];
    write(epochMillis, out, 0);
    for (byte b : out) {
      sb.append((char) b);
    }
    return sb;
  }

  /** Writes the {@value #LENGTH} bytes of the date at {@code out[offset]}. */
  static void write(long epochMillis, byte[] out, int offset) {
    long millis = Math.min(Math.max(epochMillis, MIN_MILLIS), MAX_MILLIS);
    long days = Math.floorDiv(millis, MILLIS_PER_DAY);
    int secondOfDay = (int) (Math.floorMod(millis, MILLIS_PER_DAY) / 1000);
    int dayOfWeek = Math.floorMod(days + 4, 7); // 1970-01-01 was a Thursday

    // H. Hinnant's civil_from_days.
    long z = days + 719_468;
    long era = Math.floorDiv(z, 146_097);
    long doe = z - era * 146_097;
    long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    int day = (int) (doy - (153 * mp + 2) / 5 + 1);
    int month = (int) (mp < 10 ? mp + 3 : mp - 9);
    int year = (int) (yoe + era * 400 + (month <= 2 ? 1 : 0));

    int o = offset;
    o = put(DAY_NAMES[dayOfWeek], out, o);
    out[o++] = ',';
    out[o++] = ' ';
    o = two(day, out, o);
    out[o++] = ' ';
    o = put(MONTH_NAMES[month - 1], out, o);
    out[o++] = ' ';
    o = two(year / 100, out, o);
    o = two(year % 100, out, o);
    out[o++] = ' ';
    o = two(secondOfDay / 3600, out, o);
    out[o++] = ':';
    o = two(secondOfDay / 60 % 60, out, o);
    out[o++] = ':';
    o = two(secondOfDay % 60, out, o);
    out[o++] = ' ';
    out[o++] = 'G';
    out[o++] = 'M';
    out[o] = 'T';
  }

  private static int put(byte[] src, byte[] out, int o) {
    System.arraycopy(src, 0, out, o, src.length);
    return o + src.length;
  }

  private static int two(int value, byte[] out, int o) {
    out[o] = (byte) ('0' + value / 10);
    out[o + 1] = (byte) ('0' + value % 10);
    return o + 2;
  }
}

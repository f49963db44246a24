package io.tern.common;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The character algorithms behind {@link AsciiString} that work on any {@link CharSequence} or on
 * raw bytes: ASCII case tests and folding, the case-insensitive hash, content comparison of
 * sequences of any type, case conversion, byte search, trimming and splitting. Stateless and
 * thread-safe.
 */
final class AsciiChars {
  /** Seed of the case-insensitive hash; an {@code AsciiString} and a {@code String} share it. */
  private static final int HASH_SEED = 0x1b873593;

  private AsciiChars() {}

  static boolean isUpper(byte b) {
    return b >= 'A' && b <= 'Z';
  }

  static boolean isLower(byte b) {
    return b >= 'a' && b <= 'z';
  }

  static char toLower(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
  }

  /** The case-insensitive hash of {@code length} bytes at {@code offset}. */
  static int hash(byte[] value, int offset, int length) {
    int h = HASH_SEED;
    for (int i = offset, end = offset + length; i < end; i++) {
      h = 31 * h + toLower((char) (value[i] & 0xFF));
    }
    return h;
  }

  /** The same hash over any sequence, each char taken as the byte {@link AsciiString#c2b} gives. */
  static int hash(CharSequence value) {
    int h = HASH_SEED;
    for (int i = 0; i < value.length(); i++) {
      h = 31 * h + toLower((char) (AsciiString.c2b(value.charAt(i)) & 0xFF));
    }
    return h;
  }

  /** Converts chars to bytes with {@link AsciiString#c2b}. */
  static byte[] toBytes(CharSequence value) {
    if (value instanceof String s) {
      return s.getBytes(StandardCharsets.ISO_8859_1);
    }
    byte[] bytes = new byte[value.length()];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = AsciiString.c2b(value.charAt(i));
    }
    return bytes;
  }

  /** {@link AsciiString#contentEquals(CharSequence, CharSequence)} and its ignore-case twin. */
  static boolean contentEquals(CharSequence a, CharSequence b, boolean ignoreCase) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null || a.length() != b.length()) {
      return false;
    }
    if (a instanceof AsciiString s) {
      return ignoreCase ? s.contentEqualsIgnoreCase(b) : s.contentEquals(b);
    }
    if (b instanceof AsciiString s) {
      return ignoreCase ? s.contentEqualsIgnoreCase(a) : s.contentEquals(a);
    }
    return equalChars(a, b, ignoreCase);
  }

  /** Compares two sequences of equal length char by char, optionally ignoring ASCII case. */
  private static boolean equalChars(CharSequence a, CharSequence b, boolean ignoreCase) {
    for (int i = 0; i < a.length(); i++) {
      char c1 = a.charAt(i);
      char c2 = b.charAt(i);
      if (c1 != c2 && (!ignoreCase || toLower(c1) != toLower(c2))) {
        return false;
      }
    }
    return true;
  }

  /** Compares {@code count} bytes at {@code from} with chars of {@code other}; ranges checked. */
  static boolean regionMatches(
      byte[] value, int from, CharSequence other, int otherStart, int count, boolean ignoreCase) {
    for (int i = 0; i < count; i++) {
      char c1 = AsciiString.b2c(value[from + i]);
      char c2 = other.charAt(otherStart + i);
      if (c1 != c2 && (!ignoreCase || toLower(c1) != toLower(c2))) {
        return false;
      }
    }
    return true;
  }

  /** Compares {@code length} bytes at {@code offset} with {@code other}, like a string compare. */
  static int compare(byte[] value, int offset, int length, CharSequence other) {
    int n = Math.min(length, other.length());
    for (int i = 0; i < n; i++) {
      int diff = AsciiString.b2c(value[offset + i]) - other.charAt(i);
      if (diff != 0) {
        return diff;
      }
    }
    return length - other.length();
  }

  /**
   * Returns a copy of {@code length} bytes at {@code offset} in upper or lower case, or {@code
   * null} if they already are (the caller then keeps the original).
   */
  static byte[] convertCase(byte[] value, int offset, int length, boolean upper) {
    int end = offset + length;
    int i = offset;
    while (i < end && (upper ? !isLower(value[i]) : !isUpper(value[i]))) {
      i++;
    }
    if (i == end) {
      return null;
    }
    byte[] bytes = Arrays.copyOfRange(value, offset, end);
    for (int j = i - offset; j < bytes.length; j++) {
      byte b = bytes[j];
      if (upper ? isLower(b) : isUpper(b)) {
        bytes[j] = (byte) (b ^ 0x20);
      }
    }
    return bytes;
  }

  /** The first index at or after {@code from} (relative to {@code offset}) of {@code b}, or -1. */
  static int indexOf(byte[] value, int offset, int length, byte b, int from) {
    int end = offset + length;
    for (int i = offset + Math.max(from, 0); i < end; i++) {
      if (value[i] == b) {
        return i - offset;
      }
    }
    return -1;
  }

  /** How many leading bytes of the range are {@code <= ' '} (what {@code trim()} drops first). */
  static int skipSpace(byte[] value, int offset, int length) {
    int n = 0;
    while (n < length && (value[offset + n] & 0xFF) <= ' ') {
      n++;
    }
    return n;
  }

  /** The length of the range without its trailing bytes {@code <= ' '}. */
  static int trimmedLength(byte[] value, int offset, int length) {
    int n = length;
    while (n > 0 && (value[offset + n - 1] & 0xFF) <= ' ') {
      n--;
    }
    return n;
  }

  /** {@link AsciiString#split(char)}: parts share {@code s}'s array; trailing empty parts go. */
  static AsciiString[] split(AsciiString s, char delimiter) {
    List<AsciiString> parts = new ArrayList<>();
    int start = 0;
    for (int i = s.indexOf(delimiter, 0); i >= 0; i = s.indexOf(delimiter, start)) {
      parts.add(s.subSequence(start, i));
      start = i + 1;
    }
    parts.add(s.subSequence(start, s.length()));
    int size = parts.size();
    while (size > 0 && parts.get(size - 1).isEmpty()) {
      size--;
    }
    if (size == 0 && s.isEmpty()) {
      return new AsciiString[] {AsciiString.EMPTY_STRING};
    }
    return parts.subList(0, size).toArray(new AsciiString[0]);
  }
}

package io.tern.common;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * An immutable string of one byte per character (ISO-8859-1; ASCII in practice), viewing a range of
 * a {@code byte[]}. Protocol tokens such as HTTP header names are kept this way so they can be
 * written to a buffer with a plain copy and compared without decoding.
 *
 * <p>{@link #subSequence(int, int)} and {@link #AsciiString(byte[], int, int, boolean)} with {@code
 * copy == false} share the array instead of copying it; the caller must then not modify it.
 *
 * <p>{@link #hashCode()} ignores ASCII case, so it agrees with {@link #hashCode(CharSequence)} for
 * a {@code String} or an {@code AsciiString} of the same letters in any case; {@link
 * #equals(Object)} is case-sensitive and true only for another {@code AsciiString}. Use {@link
 * #contentEquals(CharSequence, CharSequence)} and {@link #contentEqualsIgnoreCase(CharSequence,
 * CharSequence)} to compare with any {@code CharSequence}.
 *
 * <h2>Threading</h2>
 *
 * <p>Instances are immutable and may be shared between threads.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects. A string that shares a caller's array (see above) relies
 * on nobody changing that array.
 */
// Comparable to any CharSequence, like Netty's, so it sorts beside String keys.
@SuppressWarnings("ComparableType")
public final class AsciiString implements CharSequence, Comparable<CharSequence> {
  /** The empty string. */
  public static final AsciiString EMPTY_STRING = new AsciiString(new byte[0], 0, 0, false);

  private final byte[] value;
  private final int offset;
  private final int length;
  private int hash;
  private String string;

  /**
   * Copies {@code value}.
   *
   * @param value the characters, one byte each
   */
  public AsciiString(byte[] value) {
    this(value, 0, value.length, true);
  }

  /**
   * Views or copies a range of {@code value}.
   *
   * @param value the characters, one byte each
   * @param start the first byte
   * @param length the number of bytes
   * @param copy {@code false} to share {@code value}, which must then never change
   * @throws IndexOutOfBoundsException if the range is outside {@code value}
   */
  public AsciiString(byte[] value, int start, int length, boolean copy) {
    Objects.checkFromIndexSize(start, length, value.length);
    if (copy) {
      this.value = Arrays.copyOfRange(value, start, start + length);
      this.offset = 0;
    } else {
      this.value = value;
      this.offset = start;
    }
    this.length = length;
  }

  /**
   * Converts {@code value}; characters above {@code 0xFF} become {@code '?'}.
   *
   * @param value the characters
   */
  public AsciiString(CharSequence value) {
    this(AsciiChars.toBytes(value), 0, value.length(), false);
  }

  /**
   * Returns {@code value} itself if it is an {@code AsciiString}, or a converted copy.
   *
   * @param value the characters, or {@code null}
   * @return an {@code AsciiString} with the same characters, or {@code null}
   */
  public static AsciiString of(CharSequence value) {
    if (value == null) {
      return null;
    }
    return value instanceof AsciiString a ? a : new AsciiString(value);
  }

  /**
   * Converts {@code value} and caches the {@code String} so {@link #toString()} never allocates;
   * meant for constants.
   *
   * @param value the characters
   * @return the converted string
   */
  public static AsciiString cached(String value) {
    AsciiString ascii = new AsciiString(value);
    if (ascii.contentEquals(value)) {
      ascii.string = value;
    }
    return ascii;
  }

  /**
   * Converts a character to its byte, {@code '?'} if it does not fit.
   *
   * @param c the character
   * @return its byte
   */
  public static byte c2b(char c) {
    return (byte) (c > 0xFF ? '?' : c);
  }

  /**
   * Converts a byte to its character.
   *
   * @param b the byte
   * @return the character {@code 0..255}
   */
  public static char b2c(byte b) {
    return (char) (b & 0xFF);
  }

  @Override
  public int length() {
    return length;
  }

  @Override
  public boolean isEmpty() {
    return length == 0;
  }

  @Override
  public char charAt(int index) {
    return b2c(byteAt(index));
  }

  /**
   * Returns the byte at {@code index}.
   *
   * @param index the position
   * @return the byte
   * @throws IndexOutOfBoundsException if {@code index} is outside {@code [0, length())}
   */
  public byte byteAt(int index) {
    Objects.checkIndex(index, length);
    return value[offset + index];
  }

  /**
   * Returns the backing array, shared, not copied; see {@link #arrayOffset()}. Never modify it.
   *
   * @return the backing array
   */
  public byte[] array() {
    return value;
  }

  /**
   * Returns where this string starts in {@link #array()}.
   *
   * @return the offset of the first character
   */
  public int arrayOffset() {
    return offset;
  }

  /**
   * Returns whether this string covers its whole backing array.
   *
   * @return {@code true} if {@link #array()} holds exactly this string
   */
  public boolean isEntireArrayUsed() {
    return offset == 0 && length == value.length;
  }

  /**
   * Copies the characters into a new array.
   *
   * @return the bytes
   */
  public byte[] toByteArray() {
    return Arrays.copyOfRange(value, offset, offset + length);
  }

  /**
   * Copies characters into {@code dst}.
   *
   * @param srcIndex the first character to copy
   * @param dst the destination
   * @param dstIndex where to put it
   * @param count how many to copy
   * @throws IndexOutOfBoundsException if a range is out of bounds
   */
  public void copy(int srcIndex, byte[] dst, int dstIndex, int count) {
    Objects.checkFromIndexSize(srcIndex, count, length);
    System.arraycopy(value, offset + srcIndex, dst, dstIndex, count);
  }

  @Override
  public AsciiString subSequence(int start, int end) {
    return subSequence(start, end, false);
  }

  /**
   * Returns the characters from {@code start} to {@code end}, copied or sharing this array.
   *
   * @param start the first character, inclusive
   * @param end the last character, exclusive
   * @param copy whether to copy
   * @return the substring; {@code this} when it is the whole string
   * @throws IndexOutOfBoundsException if the range is out of bounds
   */
  public AsciiString subSequence(int start, int end, boolean copy) {
    Objects.checkFromToIndex(start, end, length);
    if (start == 0 && end == length) {
      return this;
    }
    if (start == end) {
      return EMPTY_STRING;
    }
    return new AsciiString(value, offset + start, end - start, copy);
  }

  /**
   * Returns the first index of {@code ch} at or after {@code from}.
   *
   * @param ch the character
   * @param from where to start
   * @return the index, or {@code -1}
   */
  public int indexOf(char ch, int from) {
    return ch > 0xFF ? -1 : AsciiChars.indexOf(value, offset, length, (byte) ch, from);
  }

  /**
   * Returns the first index of {@code sub} at or after {@code from}.
   *
   * @param sub the string to find
   * @param from where to start
   * @return the index, or {@code -1}
   */
  public int indexOf(CharSequence sub, int from) {
    int subLength = sub.length();
    from = Math.max(from, 0);
    if (subLength == 0) {
      return Math.min(from, length);
    }
    char first = sub.charAt(0);
    int last = length - subLength;
    for (int i = from; i <= last; i++) {
      i = indexOf(first, i);
      if (i < 0 || i > last) {
        return -1;
      }
      if (regionMatches(false, i, sub, 0, subLength)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Returns the first index of {@code sub}.
   *
   * @param sub the string to find
   * @return the index, or {@code -1}
   */
  public int indexOf(CharSequence sub) {
    return indexOf(sub, 0);
  }

  /**
   * Returns the last index of {@code sub}.
   *
   * @param sub the string to find
   * @return the index, or {@code -1}
   */
  public int lastIndexOf(CharSequence sub) {
    for (int i = length - sub.length(); i >= 0; i--) {
      if (regionMatches(false, i, sub, 0, sub.length())) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Returns whether {@code sub} occurs in this string.
   *
   * @param sub the string to find
   * @return {@code true} if found
   */
  public boolean contains(CharSequence sub) {
    return indexOf(sub, 0) >= 0;
  }

  /**
   * Compares a region of this string with a region of {@code other}.
   *
   * @param ignoreCase whether ASCII case is ignored
   * @param start the first character here
   * @param other the other string
   * @param otherStart the first character there
   * @param count how many characters to compare
   * @return {@code true} if both regions exist and match
   */
  public boolean regionMatches(
      boolean ignoreCase, int start, CharSequence other, int otherStart, int count) {
    if (start < 0
        || otherStart < 0
        || count < 0
        || start > length - count
        || otherStart > other.length() - count) {
      return false;
    }
    if (other instanceof AsciiString a && !ignoreCase) {
      int from = offset + start;
      int otherFrom = a.offset + otherStart;
      return Arrays.equals(value, from, from + count, a.value, otherFrom, otherFrom + count);
    }
    return AsciiChars.regionMatches(value, offset + start, other, otherStart, count, ignoreCase);
  }

  /**
   * Returns whether this string starts with {@code prefix}.
   *
   * @param prefix the prefix
   * @return {@code true} if it does
   */
  public boolean startsWith(CharSequence prefix) {
    return regionMatches(false, 0, prefix, 0, prefix.length());
  }

  /**
   * Returns whether this string ends with {@code suffix}.
   *
   * @param suffix the suffix
   * @return {@code true} if it does
   */
  public boolean endsWith(CharSequence suffix) {
    return regionMatches(false, length - suffix.length(), suffix, 0, suffix.length());
  }

  /**
   * Returns this string in ASCII lower case.
   *
   * @return a lower-case string, {@code this} if already lower case
   */
  public AsciiString toLowerCase() {
    return convertCase(false);
  }

  /**
   * Returns this string in ASCII upper case.
   *
   * @return an upper-case string, {@code this} if already upper case
   */
  public AsciiString toUpperCase() {
    return convertCase(true);
  }

  private AsciiString convertCase(boolean upper) {
    byte[] converted = AsciiChars.convertCase(value, offset, length, upper);
    return converted == null ? this : new AsciiString(converted, 0, converted.length, false);
  }

  /**
   * Returns this string without leading and trailing characters {@code <= ' '}.
   *
   * @return the trimmed string, sharing this array
   */
  public AsciiString trim() {
    int start = AsciiChars.skipSpace(value, offset, length);
    return subSequence(
        start, start + AsciiChars.trimmedLength(value, offset + start, length - start));
  }

  /**
   * Splits this string at each {@code delimiter}, like {@link String#split(String)} with a literal
   * delimiter: trailing empty parts are removed.
   *
   * @param delimiter the separator
   * @return the parts, each sharing this array
   */
  public AsciiString[] split(char delimiter) {
    return AsciiChars.split(this, delimiter);
  }

  /**
   * Parses this string as a decimal {@code int}.
   *
   * @return the value
   * @throws NumberFormatException if it is not a decimal {@code int}
   */
  public int parseInt() {
    return parseInt(0, length, 10);
  }

  /**
   * Parses a range of this string as an {@code int}, with an optional leading sign.
   *
   * @param start the first character
   * @param end the end, exclusive
   * @param radix the radix, 2 to 36
   * @return the value
   * @throws NumberFormatException if the range is not a number that fits
   */
  public int parseInt(int start, int end, int radix) {
    long result = parseLong(start, end, radix);
    if (result != (int) result) {
      throw new NumberFormatException("out of int range: " + subSequence(start, end));
    }
    return (int) result;
  }

  /**
   * Parses this string as a decimal {@code long}.
   *
   * @return the value
   * @throws NumberFormatException if it is not a decimal {@code long}
   */
  public long parseLong() {
    return parseLong(0, length, 10);
  }

  /**
   * Parses a range of this string as a {@code long}, with an optional leading sign.
   *
   * @param start the first character
   * @param end the end, exclusive
   * @param radix the radix, 2 to 36
   * @return the value
   * @throws NumberFormatException if the range is not a number that fits
   */
  public long parseLong(int start, int end, int radix) {
    Objects.checkFromToIndex(start, end, length);
    return Long.parseLong(this, start, end, radix);
  }

  /**
   * Compares characters as unsigned bytes, like {@link String#compareTo(String)}.
   *
   * @param other the other string
   * @return negative, zero or positive as this string sorts before, with or after {@code other}
   */
  @Override
  public int compareTo(CharSequence other) {
    if (this == other) {
      return 0;
    }
    if (other instanceof AsciiString a) {
      return Arrays.compareUnsigned(
          value, offset, offset + length, a.value, a.offset, a.offset + a.length);
    }
    return AsciiChars.compare(value, offset, length, other);
  }

  /**
   * Returns this string followed by {@code other}.
   *
   * @param other what to append
   * @return the concatenation
   */
  public AsciiString concat(CharSequence other) {
    if (other.length() == 0) {
      return this;
    }
    AsciiString tail = of(other);
    byte[] joined = Arrays.copyOfRange(value, offset, offset + length + tail.length);
    System.arraycopy(tail.value, tail.offset, joined, length, tail.length);
    return new AsciiString(joined, 0, joined.length, false);
  }

  /**
   * Returns whether {@code other} has exactly these characters.
   *
   * @param other any character sequence
   * @return {@code true} if the contents are equal
   */
  public boolean contentEquals(CharSequence other) {
    return other != null && other.length() == length && regionMatches(false, 0, other, 0, length);
  }

  /**
   * Returns whether {@code other} has these characters, ignoring ASCII case.
   *
   * @param other any character sequence
   * @return {@code true} if the contents are equal ignoring case
   */
  public boolean contentEqualsIgnoreCase(CharSequence other) {
    return other != null && other.length() == length && regionMatches(true, 0, other, 0, length);
  }

  /**
   * Compares two character sequences of any type by content.
   *
   * @param a one sequence, or {@code null}
   * @param b the other, or {@code null}
   * @return {@code true} if both are {@code null} or have the same characters
   */
  public static boolean contentEquals(CharSequence a, CharSequence b) {
    return AsciiChars.contentEquals(a, b, false);
  }

  /**
   * Compares two character sequences of any type by content, ignoring ASCII case.
   *
   * @param a one sequence, or {@code null}
   * @param b the other, or {@code null}
   * @return {@code true} if both are {@code null} or have the same characters ignoring case
   */
  public static boolean contentEqualsIgnoreCase(CharSequence a, CharSequence b) {
    return AsciiChars.contentEquals(a, b, true);
  }

  /**
   * Hashes any character sequence ignoring ASCII case: equal for a {@code String} and an {@code
   * AsciiString} with the same letters in any case, so header names of either type can share a hash
   * table keyed with {@link #contentEqualsIgnoreCase(CharSequence, CharSequence)}.
   *
   * @param value the characters, or {@code null}
   * @return the hash, {@code 0} for {@code null}
   */
  public static int hashCode(CharSequence value) {
    if (value == null) {
      return 0;
    }
    if (value instanceof AsciiString a) {
      return a.hashCode();
    }
    return AsciiChars.hash(value);
  }

  /**
   * Same as {@link #hashCode(CharSequence)}, named for readers looking for the case-insensitive
   * hash.
   *
   * @param value the characters, or {@code null}
   * @return the hash, {@code 0} for {@code null}
   */
  public static int hashCodeIgnoreCase(CharSequence value) {
    return hashCode(value);
  }

  /** Case-insensitive, cached; see the class description. */
  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = AsciiChars.hash(value, offset, length);
      hash = h;
    }
    return h;
  }

  /** Case-sensitive, and true only for another {@code AsciiString} with the same characters. */
  @Override
  public boolean equals(Object obj) {
    if (this == obj) {
      return true;
    }
    return obj instanceof AsciiString other
        && other.length == length
        && hashCode() == other.hashCode()
        && Arrays.equals(
            value, offset, offset + length, other.value, other.offset, other.offset + length);
  }

  /** Decodes once (ISO-8859-1) and caches the result. */
  @Override
  public String toString() {
    String s = string;
    if (s == null) {
      s = new String(value, offset, length, StandardCharsets.ISO_8859_1);
      string = s;
    }
    return s;
  }
}

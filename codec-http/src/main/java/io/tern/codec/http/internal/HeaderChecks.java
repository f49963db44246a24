package io.tern.codec.http.internal;

import io.tern.codec.http.HttpHeaderNames;
import io.tern.common.AsciiString;
import java.util.Objects;

/**
 * What {@link io.tern.codec.http.HttpHeaders} checks before storing a field (RFC 9110, section 5):
 * names are non-empty tokens; values hold visible characters, obs-text, spaces and tabs only (never
 * CR, LF, NUL, another control character or a character above {@code 0xFF}, which would be cut to
 * one byte on the wire); trailers refuse the framing names. Also the comma-separated list matching
 * of {@link io.tern.codec.http.HttpHeaders#containsValue}. The {@link HttpHeaderNames} constants
 * are known to be tokens and are not walked again; {@link AsciiString} values are checked on their
 * bytes. Stateless.
 */
public final class HeaderChecks {
  private HeaderChecks() {}

  /** Returns {@code name}, checked when {@code validate}; a trailer name also against framing. */
  public static CharSequence name(CharSequence name, boolean validate, boolean trailer) {
    Objects.requireNonNull(name, "name");
    if (validate) {
      if (name instanceof AsciiString a && KnownHeaderNames.isConstant(a)) {
        // A constant is a token by construction: no walk over its characters.
        if (trailer) {
          trailerName(name);
        }
        return name;
      }
      if (name.isEmpty()) {
        throw new IllegalArgumentException("empty header name");
      }
      int bad = HttpChars.firstNonToken(name);
      if (bad >= 0) {
        throw new IllegalArgumentException(
            "invalid header name '"
                + name
                + "': character 0x"
                + Integer.toHexString(name.charAt(bad))
                + " at index "
                + bad
                + " is not a token character");
      }
      if (trailer) {
        trailerName(name);
      }
    }
    return name;
  }

  /** Refuses the names that must not appear in a trailer section. */
  public static void trailerName(CharSequence name) {
    if (AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.CONTENT_LENGTH)
        || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.TRANSFER_ENCODING)
        || AsciiString.contentEqualsIgnoreCase(name, HttpHeaderNames.TRAILER)) {
      throw new IllegalArgumentException("prohibited trailer name: " + name);
    }
  }

  /** Returns {@code value}, checked when {@code validate}. */
  public static CharSequence value(CharSequence value, boolean validate) {
    Objects.requireNonNull(value, "value");
    if (validate) {
      // Bytes can hold nothing above 0xFF: one table lookup per byte, read from the array.
      int bad =
          value instanceof AsciiString a
              ? HttpChars.firstInvalidValueByte(a.array(), a.arrayOffset(), a.length())
              : HttpChars.firstInvalidValueChar(value);
      if (bad >= 0) {
        throw new IllegalArgumentException(
            "invalid header value: character 0x"
                + Integer.toHexString(value.charAt(bad))
                + " at index "
                + bad
                + " is not allowed in a field value");
      }
    }
    return value;
  }

  /**
   * Tells whether one comma-separated element of {@code list}, optional whitespace around it
   * ignored, equals {@code element}.
   */
  public static boolean containsElement(
      CharSequence list, CharSequence element, boolean ignoreCase) {
    int len = list.length();
    int start = 0;
    while (start <= len) {
      int comma = start;
      while (comma < len && list.charAt(comma) != ',') {
        comma++;
      }
      int s = start;
      int e = comma;
      while (s < e && HttpChars.isOws(list.charAt(s))) {
        s++;
      }
      while (e > s && HttpChars.isOws(list.charAt(e - 1))) {
        e--;
      }
      if (e - s == element.length() && regionEquals(list, s, element, ignoreCase)) {
        return true;
      }
      start = comma + 1;
    }
    return false;
  }

  private static boolean regionEquals(
      CharSequence a, int start, CharSequence b, boolean ignoreCase) {
    for (int i = 0; i < b.length(); i++) {
      char x = a.charAt(start + i);
      char y = b.charAt(i);
      if (x != y && (!ignoreCase || toLower(x) != toLower(y))) {
        return false;
      }
    }
    return true;
  }

  private static char toLower(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
  }
}

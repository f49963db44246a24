package io.tern.codec.http.internal;

/**
 * Character rules and size limits of cookies (RFC 6265, section 4.1.1; RFC 6265bis limits).
 * Stateless; any thread.
 */
public final class CookieChars {
  /** RFC 6265bis: a cookie whose name and value together exceed this many octets is ignored. */
  public static final int MAX_NAME_VALUE_LENGTH = 4096;

  /** RFC 6265bis: an attribute value longer than this many octets is ignored. */
  public static final int MAX_ATTRIBUTE_VALUE_LENGTH = 1024;

  // cookie-octet = %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E
  private static final boolean[] COOKIE_OCTET = new boolean[128];

  static {
    for (int c = 0x21; c <= 0x7E; c++) {
      COOKIE_OCTET[c] = c != '"' && c != ',' && c != ';' && c != '\\';
    }
  }

  private CookieChars() {}

  /**
   * Returns the index of the first character that is not a cookie-octet.
   *
   * @param s the value, without surrounding quotes
   * @param from the first index
   * @param to the end index
   * @return the index, or {@code -1} if every character is valid
   */
  public static int firstInvalidValueChar(CharSequence s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c >= 128 || !COOKIE_OCTET[c]) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Returns the index of the first character an attribute value ({@code Path}, {@code Domain}) may
   * not contain: control characters, {@code ;}, and anything beyond ASCII.
   *
   * @param s the value
   * @return the index, or {@code -1}
   */
  public static int firstInvalidAttributeChar(CharSequence s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c >= 0x7F || c == ';') {
        return i;
      }
    }
    return -1;
  }
}

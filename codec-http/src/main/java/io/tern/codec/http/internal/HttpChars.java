package io.tern.codec.http.internal;

/**
 * Character classes of HTTP (RFC 9110, section 5.6) as lookup tables, shared by the message model,
 * cookies and the decoders. Stateless; any thread.
 */
public final class HttpChars {
  // tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
  //       / DIGIT / ALPHA
  private static final boolean[] TOKEN = new boolean[256];

  // field-vchar, SP and HTAB: what a header value may contain (obs-text 0x80-0xFF included).
  private static final boolean[] FIELD_VALUE = new boolean[256];

  static {
    for (int c = '0'; c <= '9'; c++) {
      TOKEN[c] = true;
    }
    for (int c = 'a'; c <= 'z'; c++) {
      TOKEN[c] = true;
      TOKEN[c - 32] = true;
    }
    for (char c : "!#$%&'*+-.^_`|~".toCharArray()) {
      TOKEN[c] = true;
    }
    for (int c = 0x20; c < 0x100; c++) {
      FIELD_VALUE[c] = c != 0x7F;
    }
    FIELD_VALUE['\t'] = true;
  }

  private HttpChars() {}

  /**
   * Returns whether {@code c} is a token character.
   *
   * @param c a character
   * @return {@code true} for a {@code tchar}
   */
  public static boolean isTokenChar(int c) {
    return c >= 0 && c < 256 && TOKEN[c];
  }

  /**
   * Returns whether {@code b} is a token character.
   *
   * @param b a byte
   * @return {@code true} for a {@code tchar}
   */
  public static boolean isTokenByte(byte b) {
    return TOKEN[b & 0xFF];
  }

  /**
   * Returns whether a header value may contain {@code b}: visible characters, obs-text, space and
   * horizontal tab; never CR, LF, NUL or another control character.
   *
   * @param b a byte
   * @return {@code true} if allowed
   */
  public static boolean isFieldValueByte(byte b) {
    return FIELD_VALUE[b & 0xFF];
  }

  /**
   * Returns whether every character of {@code s} is a token character (true for an empty sequence).
   *
   * @param s the characters
   * @return {@code true} if all are {@code tchar}
   */
  public static boolean isToken(CharSequence s) {
    for (int i = 0; i < s.length(); i++) {
      if (!isTokenChar(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Returns the index of the first character of {@code s} that is not a token character.
   *
   * @param s the characters
   * @return the index, or {@code -1} if all are tokens
   */
  public static int firstNonToken(CharSequence s) {
    for (int i = 0; i < s.length(); i++) {
      if (!isTokenChar(s.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Returns the index of the first character of {@code s} that a header value may not contain
   * (control characters other than HTAB, DEL, and anything above {@code 0xFF}, which would not
   * survive the one-byte-per-character encoding).
   *
   * @param s the characters
   * @return the index, or {@code -1} if the value is valid
   */
  public static int firstInvalidValueChar(CharSequence s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c > 0xFF || !FIELD_VALUE[c]) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Returns the index of the first byte of {@code b[from, from + length)} that a header value may
   * not contain (control characters other than HTAB, and DEL), relative to {@code from}.
   *
   * @param b the bytes
   * @param from where the value starts
   * @param length how many bytes it has
   * @return the index, or {@code -1} if the value is valid
   */
  public static int firstInvalidValueByte(byte[] b, int from, int length) {
    boolean[] allowed = FIELD_VALUE;
    for (int i = 0; i < length; i++) {
      if (!allowed[b[from + i] & 0xFF]) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Returns whether {@code c} is optional whitespace (space or horizontal tab).
   *
   * @param c a character
   * @return {@code true} for SP or HTAB
   */
  public static boolean isOws(int c) {
    return c == ' ' || c == '\t';
  }
}

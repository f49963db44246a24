package io.tern.codec.http2.internal;

import io.tern.codec.http2.Http2Headers;
import io.tern.common.AsciiString;

/**
 * The rules RFC 9113 (section 8.2 and 8.3) sets for field names and values, shared by the headers
 * users build and the headers the decoder receives.
 *
 * <p>Stateless; thread-safe.
 */
public final class Http2HeadersValidator {
  // Per byte: may it appear in a regular field name? (RFC 9113 8.2.1: not 0x00-0x20, not
  // upper case, not 0x7f-0xff, not ':'; and RFC 9110's token characters.)
  private static final boolean[] NAME_CHAR = new boolean[256];

  static {
    String tchar = "!#$%&'*+-.^_`|~";
    for (int c = '0'; c <= '9'; c++) {
      NAME_CHAR[c] = true;
    }
    for (int c = 'a'; c <= 'z'; c++) {
      NAME_CHAR[c] = true;
    }
    for (int i = 0; i < tchar.length(); i++) {
      NAME_CHAR[tchar.charAt(i)] = true;
    }
  }

  /** Pseudo-header ids, also bits in a mask. */
  public static final int METHOD = 1;

  public static final int SCHEME = 2;
  public static final int AUTHORITY = 4;
  public static final int PATH = 8;
  public static final int STATUS = 16;
  public static final int PROTOCOL = 32;

  private Http2HeadersValidator() {}

  /**
   * Returns the pseudo-header id of a name that starts with a colon.
   *
   * @return the id, or 0 if RFC 9113 does not define it
   */
  public static int pseudoHeader(CharSequence name) {
    return switch (name.length()) {
      case 5 -> AsciiString.contentEquals(Http2Headers.PATH, name) ? PATH : 0;
      case 7 -> {
        if (AsciiString.contentEquals(Http2Headers.METHOD, name)) {
          yield METHOD;
        }
        if (AsciiString.contentEquals(Http2Headers.SCHEME, name)) {
          yield SCHEME;
        }
        yield AsciiString.contentEquals(Http2Headers.STATUS, name) ? STATUS : 0;
      }
      case 9 -> AsciiString.contentEquals(Http2Headers.PROTOCOL, name) ? PROTOCOL : 0;
      case 10 -> AsciiString.contentEquals(Http2Headers.AUTHORITY, name) ? AUTHORITY : 0;
      default -> 0;
    };
  }

  /** Returns why a regular name is not allowed, or {@code null}. */
  public static String nameProblem(CharSequence name) {
    int n = name.length();
    if (n == 0) {
      return "empty field name";
    }
    if (name instanceof AsciiString a) {
      byte[] b = a.array();
      for (int i = a.arrayOffset(), end = i + n; i < end; i++) {
        if (!NAME_CHAR[b[i] & 0xFF]) {
          return "invalid character in field name " + name;
        }
      }
    } else {
      for (int i = 0; i < n; i++) {
        char c = name.charAt(i);
        if (c > 0xFF || !NAME_CHAR[c]) {
          return "invalid character in field name " + name;
        }
      }
    }
    return null;
  }

  /** Returns why a value is not allowed, or {@code null}. */
  public static String valueProblem(CharSequence value) {
    int n = value.length();
    if (n == 0) {
      return null;
    }
    char first = value.charAt(0);
    char last = value.charAt(n - 1);
    if (first == ' ' || first == '\t' || last == ' ' || last == '\t') {
      return "field value starts or ends with whitespace";
    }
    if (value instanceof AsciiString a) {
      byte[] b = a.array();
      for (int i = a.arrayOffset(), end = i + n; i < end; i++) {
        byte c = b[i];
        if (c == 0 || c == '\r' || c == '\n') {
          return "NUL, CR or LF in a field value";
        }
      }
    } else {
      for (int i = 0; i < n; i++) {
        char c = value.charAt(i);
        if (c == 0 || c == '\r' || c == '\n' || c > 0xFF) {
          return "invalid character in a field value";
        }
      }
    }
    return null;
  }

  /**
   * Returns whether a (lower-case, valid) name is one of the connection-specific fields HTTP/2
   * forbids (RFC 9113, section 8.2.2).
   */
  public static boolean isConnectionSpecific(CharSequence name) {
    return switch (name.length()) {
      case 7 -> AsciiString.contentEquals("upgrade", name);
      case 10 ->
          AsciiString.contentEquals("connection", name)
              || AsciiString.contentEquals("keep-alive", name);
      case 16 -> AsciiString.contentEquals("proxy-connection", name);
      case 17 -> AsciiString.contentEquals("transfer-encoding", name);
      default -> false;
    };
  }

  /** Returns whether a name is {@code te}. */
  public static boolean isTe(CharSequence name) {
    return name.length() == 2 && name.charAt(0) == 't' && name.charAt(1) == 'e';
  }

  /** Checks a name a user adds; throws {@link IllegalArgumentException} if not allowed. */
  public static void checkName(CharSequence name) {
    if (name.length() > 0 && name.charAt(0) == ':') {
      if (pseudoHeader(name) == 0) {
        throw new IllegalArgumentException("unknown pseudo-header " + name);
      }
      return;
    }
    String problem = nameProblem(name);
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
  }

  /** Checks a value a user adds; throws {@link IllegalArgumentException} if not allowed. */
  public static void checkValue(CharSequence name, CharSequence value) {
    String problem = valueProblem(value);
    if (problem != null) {
      throw new IllegalArgumentException(problem + " (" + name + ")");
    }
  }
}

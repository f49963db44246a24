package io.tern.codec.http.cookie;

import io.tern.codec.http.internal.CookieChars;
import io.tern.codec.http.internal.HttpChars;

/** Validation and pair writing shared by the two encoders. */
final class CookieValidation {
  private CookieValidation() {}

  static void validate(Cookie cookie, boolean attributes) {
    String name = cookie.name();
    if (name.isEmpty() || !HttpChars.isToken(name)) {
      throw new IllegalArgumentException("cookie name is not a token: '" + name + "'");
    }
    String value = cookie.value();
    int bad = CookieChars.firstInvalidValueChar(value, 0, value.length());
    if (bad >= 0) {
      throw new IllegalArgumentException(
          "cookie value of '"
              + name
              + "' has an invalid character 0x"
              + Integer.toHexString(value.charAt(bad))
              + " at index "
              + bad);
    }
    if (!attributes) {
      return;
    }
    checkAttribute("Path", cookie.path());
    checkAttribute("Domain", cookie.domain());
    if (cookie.sameSite() == CookieHeaderNames.SameSite.None && !cookie.isSecure()) {
      throw new IllegalArgumentException("SameSite=None requires Secure (cookie '" + name + "')");
    }
    if (cookie.isPartitioned() && !cookie.isSecure()) {
      throw new IllegalArgumentException("Partitioned requires Secure (cookie '" + name + "')");
    }
  }

  private static void checkAttribute(String attribute, String value) {
    if (value != null && CookieChars.firstInvalidAttributeChar(value) >= 0) {
      throw new IllegalArgumentException(
          attribute + " contains a control character or ';': '" + value + "'");
    }
  }

  static void appendPair(StringBuilder sb, Cookie cookie) {
    sb.append(cookie.name()).append('=');
    if (cookie.wrap()) {
      sb.append('"').append(cookie.value()).append('"');
    } else {
      sb.append(cookie.value());
    }
  }
}

package io.tern.codec.http.cookie;

import io.tern.codec.http.DateFormatter;
import io.tern.codec.http.internal.CookieChars;
import io.tern.codec.http.internal.HttpChars;
import java.time.InstantSource;
import java.util.Locale;
import java.util.Objects;

/**
 * Decodes a {@code Set-Cookie} header a server sends into a {@link Cookie} with its attributes, as
 * RFC 6265, section 5.2 (and RFC 6265bis for {@code SameSite}, CHIPS for {@code Partitioned})
 * describe: attribute names ignore case, unknown attributes are skipped, an attribute value longer
 * than 1024 octets is skipped, {@code Max-Age} wins over {@code Expires}, a leading dot of {@code
 * Domain} is dropped and a {@code Path} not starting with {@code /} is ignored. {@code Expires}
 * becomes a {@link Cookie#maxAge()} relative to the decoder's clock.
 *
 * <p>{@link #STRICT} rejects (returns {@code null} for) a cookie whose name is not a token or whose
 * value is not RFC 6265 cookie-octets; {@link #LAX} accepts any non-empty name. Both reject a
 * cookie whose name and value exceed 4096 octets. Immutable; any thread.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class ClientCookieDecoder {
  /** Validates name and value. */
  public static final ClientCookieDecoder STRICT =
      new ClientCookieDecoder(true, InstantSource.system());

  /** Accepts what servers send. */
  public static final ClientCookieDecoder LAX =
      new ClientCookieDecoder(false, InstantSource.system());

  private final boolean strict;
  private final InstantSource clock;

  private ClientCookieDecoder(boolean strict, InstantSource clock) {
    this.strict = strict;
    this.clock = clock;
  }

  /**
   * Returns a decoder like this one that measures {@code Expires} against another clock.
   *
   * @param clock the clock, for tests
   * @return the new decoder
   */
  public ClientCookieDecoder withClock(InstantSource clock) {
    return new ClientCookieDecoder(strict, Objects.requireNonNull(clock, "clock"));
  }

  /**
   * Decodes one {@code Set-Cookie} header value.
   *
   * @param header for example {@code id=a3fWa; Max-Age=2592000; Secure; SameSite=Lax}
   * @return the cookie, or {@code null} if the header does not carry a valid one
   */
  public Cookie decode(String header) {
    Objects.requireNonNull(header, "header");
    int len = header.length();
    int semi = header.indexOf(';');
    int pairEnd = semi < 0 ? len : semi;
    int eq = header.indexOf('=');
    if (eq < 0 || eq > pairEnd) {
      return null;
    }
    int ns = skipOws(header, 0, eq);
    int ne = trimOws(header, ns, eq);
    int vs = skipOws(header, eq + 1, pairEnd);
    int ve = trimOws(header, vs, pairEnd);
    if (ns == ne || (ne - ns) + (ve - vs) > CookieChars.MAX_NAME_VALUE_LENGTH) {
      return null;
    }
    String name = header.substring(ns, ne);
    boolean wrap = ve - vs >= 2 && header.charAt(vs) == '"' && header.charAt(ve - 1) == '"';
    if (wrap) {
      vs++;
      ve--;
    }
    if (strict
        && (!HttpChars.isToken(name) || CookieChars.firstInvalidValueChar(header, vs, ve) >= 0)) {
      return null;
    }
    DefaultCookie cookie = new DefaultCookie(name, header.substring(vs, ve));
    cookie.setWrap(wrap);
    long maxAge = Cookie.UNDEFINED_MAX_AGE;
    long expiresMaxAge = Cookie.UNDEFINED_MAX_AGE;
    int i = pairEnd + 1;
    while (i < len) {
      int end = header.indexOf(';', i);
      if (end < 0) {
        end = len;
      }
      int as = skipOws(header, i, end);
      int aeq = header.indexOf('=', as);
      int an = aeq < 0 || aeq > end ? end : aeq;
      String attr = header.substring(as, trimOws(header, as, an)).toLowerCase(Locale.ROOT);
      String value = "";
      if (an < end) {
        int avs = skipOws(header, an + 1, end);
        value = header.substring(avs, trimOws(header, avs, end));
      }
      i = end + 1;
      if (value.length() > CookieChars.MAX_ATTRIBUTE_VALUE_LENGTH) {
        continue;
      }
      switch (attr) {
        case "max-age" -> {
          long m = parseMaxAge(value);
          if (m != Cookie.UNDEFINED_MAX_AGE) {
            maxAge = m;
          }
        }
        case "expires" -> {
          long at = DateFormatter.parseMillis(value, Long.MIN_VALUE);
          if (at != Long.MIN_VALUE) {
            long delta = at - clock.millis();
            expiresMaxAge = delta <= 0 ? 0 : (delta + 999) / 1000;
          }
        }
        case "domain" -> {
          String d = value.startsWith(".") ? value.substring(1) : value;
          if (!d.isEmpty()) {
            cookie.setDomain(d.toLowerCase(Locale.ROOT));
          }
        }
        case "path" -> {
          if (value.startsWith("/")) {
            cookie.setPath(value);
          }
        }
        case "secure" -> cookie.setSecure(true);
        case "httponly" -> cookie.setHttpOnly(true);
        case "samesite" -> cookie.setSameSite(CookieHeaderNames.SameSite.of(value));
        case "partitioned" -> cookie.setPartitioned(true);
        default -> {}
      }
    }
    cookie.setMaxAge(maxAge != Cookie.UNDEFINED_MAX_AGE ? maxAge : expiresMaxAge);
    return cookie;
  }

  // RFC 6265, 5.2.2: "-"? 1*DIGIT; zero or negative means "expire now".
  private static long parseMaxAge(String v) {
    int start = v.startsWith("-") ? 1 : 0;
    if (v.length() == start) {
      return Cookie.UNDEFINED_MAX_AGE;
    }
    long n = 0;
    for (int i = start; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c < '0' || c > '9') {
        return Cookie.UNDEFINED_MAX_AGE;
      }
      n = n > Long.MAX_VALUE / 10 ? Long.MAX_VALUE : n * 10 + (c - '0');
      if (n < 0) {
        n = Long.MAX_VALUE;
      }
    }
    return start == 1 ? 0 : n;
  }

  private static int skipOws(String s, int from, int to) {
    while (from < to && HttpChars.isOws(s.charAt(from))) {
      from++;
    }
    return from;
  }

  private static int trimOws(String s, int from, int to) {
    while (to > from && HttpChars.isOws(s.charAt(to - 1))) {
      to--;
    }
    return to;
  }
}

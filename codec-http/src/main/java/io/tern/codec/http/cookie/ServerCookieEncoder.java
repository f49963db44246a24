package io.tern.codec.http.cookie;

import io.tern.codec.http.DateFormatter;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Encodes cookies into {@code Set-Cookie} header values: {@code name=value; Max-Age=N;
 * Expires=date; Path=p; Domain=d; Secure; HTTPOnly; SameSite=Lax; Partitioned}. {@code Expires} is
 * written beside {@code Max-Age} for old clients, computed from the encoder's clock.
 *
 * <p>{@link #STRICT} validates the name (a token), the value (cookie-octets), {@code Path} and
 * {@code Domain} (no control characters or {@code ;}), and the attribute combinations browsers
 * reject ({@code SameSite=None} or {@code Partitioned} without {@code Secure}), throwing {@link
 * IllegalArgumentException}; when encoding several cookies it keeps only the last of those with the
 * same name, path and domain (RFC 6265, section 4.1.1). {@link #LAX} writes what it is given; use
 * it only with trusted names and values. Immutable; any thread.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class ServerCookieEncoder {
  /** Validates and de-duplicates. */
  public static final ServerCookieEncoder STRICT =
      new ServerCookieEncoder(true, InstantSource.system());

  /** Writes cookies as they are. */
  public static final ServerCookieEncoder LAX =
      new ServerCookieEncoder(false, InstantSource.system());

  private final boolean strict;
  private final InstantSource clock;

  private ServerCookieEncoder(boolean strict, InstantSource clock) {
    this.strict = strict;
    this.clock = clock;
  }

  /**
   * Returns an encoder like this one that computes {@code Expires} from another clock.
   *
   * @param clock the clock, for tests
   * @return the new encoder
   */
  public ServerCookieEncoder withClock(InstantSource clock) {
    return new ServerCookieEncoder(strict, Objects.requireNonNull(clock, "clock"));
  }

  /**
   * Encodes a session cookie with no attributes.
   *
   * @param name the name
   * @param value the value
   * @return the {@code Set-Cookie} value
   */
  public String encode(String name, String value) {
    return encode(new DefaultCookie(name, value));
  }

  /**
   * Encodes one cookie.
   *
   * @param cookie the cookie
   * @return the {@code Set-Cookie} value
   * @throws IllegalArgumentException if strict and the cookie is invalid
   */
  public String encode(Cookie cookie) {
    Objects.requireNonNull(cookie, "cookie");
    if (strict) {
      CookieValidation.validate(cookie, true);
    }
    StringBuilder sb = new StringBuilder(64);
    CookieValidation.appendPair(sb, cookie);
    if (cookie.maxAge() != Cookie.UNDEFINED_MAX_AGE) {
      long maxAge = Math.max(cookie.maxAge(), 0);
      sb.append("; ").append(CookieHeaderNames.MAX_AGE).append('=').append(maxAge);
      long expires =
          maxAge > (Long.MAX_VALUE - clock.millis()) / 1000
              ? Long.MAX_VALUE
              : clock.millis() + maxAge * 1000;
      DateFormatter.append(expires, sb.append("; ").append(CookieHeaderNames.EXPIRES).append('='));
    }
    if (cookie.path() != null) {
      sb.append("; ").append(CookieHeaderNames.PATH).append('=').append(cookie.path());
    }
    if (cookie.domain() != null) {
      sb.append("; ").append(CookieHeaderNames.DOMAIN).append('=').append(cookie.domain());
    }
    if (cookie.isSecure()) {
      sb.append("; ").append(CookieHeaderNames.SECURE);
    }
    if (cookie.isHttpOnly()) {
      sb.append("; ").append(CookieHeaderNames.HTTPONLY);
    }
    if (cookie.sameSite() != null) {
      sb.append("; ").append(CookieHeaderNames.SAMESITE).append('=').append(cookie.sameSite());
    }
    if (cookie.isPartitioned()) {
      sb.append("; ").append(CookieHeaderNames.PARTITIONED);
    }
    return sb.toString();
  }

  /**
   * Encodes several cookies, one {@code Set-Cookie} value each.
   *
   * @param cookies the cookies
   * @return the values, in order (strict: the last of equal cookies, at its position)
   * @throws IllegalArgumentException if strict and a cookie is invalid
   */
  public List<String> encode(Cookie... cookies) {
    return encode(Arrays.asList(cookies));
  }

  /**
   * Encodes several cookies, one {@code Set-Cookie} value each.
   *
   * @param cookies the cookies
   * @return the values, in order (strict: the last of equal cookies, at its position)
   * @throws IllegalArgumentException if strict and a cookie is invalid
   */
  public List<String> encode(Collection<? extends Cookie> cookies) {
    Collection<? extends Cookie> kept = cookies;
    if (strict && cookies.size() > 1) {
      Map<Cookie, Cookie> last = new LinkedHashMap<>();
      for (Cookie c : cookies) {
        last.remove(c); // re-insert so the position is the last occurrence's
        last.put(c, c);
      }
      kept = last.values();
    }
    List<String> result = new ArrayList<>(kept.size());
    for (Cookie c : kept) {
      result.add(encode(c));
    }
    return result;
  }
}

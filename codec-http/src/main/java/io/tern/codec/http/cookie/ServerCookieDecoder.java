package io.tern.codec.http.cookie;

import io.tern.codec.http.internal.CookieChars;
import io.tern.codec.http.internal.HttpChars;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Decodes the {@code Cookie} header a browser sends ({@code a=1; b="two"}) into cookies with a name
 * and value only.
 *
 * <p>{@link #STRICT} keeps a cookie only if its name is a token and its value consists of RFC 6265
 * cookie-octets (optionally in double quotes); other pairs are skipped. {@link #LAX} keeps any
 * non-empty name and any value, and reads a pair without {@code =} as a cookie with an empty name
 * (RFC 6265bis). Both skip a pair whose name and value exceed 4096 octets.
 *
 * <p>At most {@link #maxCookies()} cookies (default {@value #DEFAULT_MAX_COOKIES}) are decoded from
 * one header; more is an error ({@link IllegalArgumentException}), so a hostile header cannot make
 * the server build an unbounded collection. Immutable; any thread.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class ServerCookieDecoder {
  /** The default limit on cookies per header. */
  public static final int DEFAULT_MAX_COOKIES = 256;

  /** Validates names and values; skips invalid pairs. */
  public static final ServerCookieDecoder STRICT =
      new ServerCookieDecoder(true, DEFAULT_MAX_COOKIES);

  /** Accepts what browsers send. */
  public static final ServerCookieDecoder LAX = new ServerCookieDecoder(false, DEFAULT_MAX_COOKIES);

  private final boolean strict;
  private final int maxCookies;

  private ServerCookieDecoder(boolean strict, int maxCookies) {
    this.strict = strict;
    this.maxCookies = maxCookies;
  }

  /**
   * Returns a decoder like this one with another limit.
   *
   * @param maxCookies the most cookies one header may carry, at least 1
   * @return the new decoder
   */
  public ServerCookieDecoder withMaxCookies(int maxCookies) {
    if (maxCookies <= 0) {
      throw new IllegalArgumentException("maxCookies: " + maxCookies + " (expected: > 0)");
    }
    return new ServerCookieDecoder(strict, maxCookies);
  }

  /**
   * Returns the limit on cookies per header.
   *
   * @return the limit
   */
  public int maxCookies() {
    return maxCookies;
  }

  /**
   * Decodes a header, keeping the first cookie of each name (browsers send the most specific
   * first).
   *
   * @param header the {@code Cookie} header value
   * @return the cookies, in header order, unmodifiable
   * @throws IllegalArgumentException if the header carries more than {@link #maxCookies()}
   */
  public Set<Cookie> decode(String header) {
    Set<Cookie> result = new LinkedHashSet<>();
    for (Cookie c : decodeAll(header)) {
      result.add(c); // Set.add keeps the first of equal (same-name) cookies
    }
    return Collections.unmodifiableSet(result);
  }

  /**
   * Decodes a header, keeping every cookie, duplicates included.
   *
   * @param header the {@code Cookie} header value
   * @return the cookies, in header order, unmodifiable
   * @throws IllegalArgumentException if the header carries more than {@link #maxCookies()}
   */
  public List<Cookie> decodeAll(String header) {
    Objects.requireNonNull(header, "header");
    List<Cookie> result = new ArrayList<>();
    int len = header.length();
    int i = 0;
    while (i < len) {
      int end = header.indexOf(';', i);
      if (end < 0) {
        end = len;
      }
      Cookie c = pair(header, i, end);
      if (c != null) {
        if (result.size() == maxCookies) {
          throw new IllegalArgumentException(
              "the Cookie header carries more than " + maxCookies + " cookies");
        }
        result.add(c);
      }
      i = end + 1;
    }
    return Collections.unmodifiableList(result);
  }

  private Cookie pair(String h, int from, int to) {
    while (from < to && HttpChars.isOws(h.charAt(from))) {
      from++;
    }
    while (to > from && HttpChars.isOws(h.charAt(to - 1))) {
      to--;
    }
    if (from == to || to - from > CookieChars.MAX_NAME_VALUE_LENGTH) {
      return null;
    }
    int eq = h.indexOf('=', from);
    if (eq < 0 || eq >= to) {
      return strict ? null : new DefaultCookie("", h.substring(from, to));
    }
    int nameEnd = eq;
    while (nameEnd > from && HttpChars.isOws(h.charAt(nameEnd - 1))) {
      nameEnd--;
    }
    int valueStart = eq + 1;
    while (valueStart < to && HttpChars.isOws(h.charAt(valueStart))) {
      valueStart++;
    }
    if (nameEnd == from) {
      return null;
    }
    String name = h.substring(from, nameEnd);
    boolean wrap = to - valueStart >= 2 && h.charAt(valueStart) == '"' && h.charAt(to - 1) == '"';
    int vs = wrap ? valueStart + 1 : valueStart;
    int ve = wrap ? to - 1 : to;
    if (strict && (!HttpChars.isToken(name) || CookieChars.firstInvalidValueChar(h, vs, ve) >= 0)) {
      return null;
    }
    DefaultCookie c = new DefaultCookie(name, h.substring(vs, ve));
    c.setWrap(wrap);
    return c;
  }
}

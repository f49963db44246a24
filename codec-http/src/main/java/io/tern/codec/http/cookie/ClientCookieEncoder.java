package io.tern.codec.http.cookie;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Encodes cookies into the value of a request's {@code Cookie} header: {@code a=1; b=2}.
 *
 * <p>{@link #STRICT} validates names and values ({@link IllegalArgumentException} otherwise) and
 * orders cookies with longer paths first, as RFC 6265, section 5.4 asks of user agents; {@link
 * #LAX} writes them as given, in order. Immutable; any thread.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class ClientCookieEncoder {
  /** Validates and orders by path length. */
  public static final ClientCookieEncoder STRICT = new ClientCookieEncoder(true);

  /** Writes cookies as they are. */
  public static final ClientCookieEncoder LAX = new ClientCookieEncoder(false);

  private static final Comparator<Cookie> LONGER_PATH_FIRST =
      Comparator.comparingInt(c -> c.path() == null ? Integer.MAX_VALUE : -c.path().length());

  private final boolean strict;

  private ClientCookieEncoder(boolean strict) {
    this.strict = strict;
  }

  /**
   * Encodes one cookie.
   *
   * @param name the name
   * @param value the value
   * @return the {@code Cookie} header value
   */
  public String encode(String name, String value) {
    return encode(new DefaultCookie(name, value));
  }

  /**
   * Encodes cookies.
   *
   * @param cookies the cookies
   * @return the {@code Cookie} header value
   * @throws IllegalArgumentException if strict and a cookie is invalid
   */
  public String encode(Cookie... cookies) {
    return encode(Arrays.asList(cookies));
  }

  /**
   * Encodes cookies.
   *
   * @param cookies the cookies
   * @return the {@code Cookie} header value
   * @throws IllegalArgumentException if strict and a cookie is invalid
   */
  public String encode(Iterable<? extends Cookie> cookies) {
    List<Cookie> list = new ArrayList<>();
    for (Cookie c : cookies) {
      list.add(Objects.requireNonNull(c, "cookie"));
    }
    if (strict) {
      for (Cookie c : list) {
        CookieValidation.validate(c, false);
      }
      list.sort(LONGER_PATH_FIRST); // stable: equal lengths keep their order
    }
    StringBuilder sb = new StringBuilder(list.size() * 16);
    for (Cookie c : list) {
      if (!sb.isEmpty()) {
        sb.append("; ");
      }
      CookieValidation.appendPair(sb, c);
    }
    return sb.toString();
  }
}

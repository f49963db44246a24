package io.tern.codec.http.cookie;

import io.tern.codec.http.cookie.CookieHeaderNames.SameSite;

/**
 * An HTTP cookie: a name and value with the attributes of {@code Set-Cookie}.
 *
 * <p>Ordered by name, then path, then domain. Implementations are mutable and not thread-safe.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe unless the implementation says so.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public interface Cookie extends Comparable<Cookie> {
  /** The {@link #maxAge()} of a cookie without {@code Max-Age} (and without {@code Expires}). */
  long UNDEFINED_MAX_AGE = Long.MIN_VALUE;

  /**
   * Returns the name.
   *
   * @return the name
   */
  String name();

  /**
   * Returns the value, without surrounding quotes.
   *
   * @return the value
   */
  String value();

  /**
   * Changes the value.
   *
   * @param value the new value
   */
  void setValue(String value);

  /**
   * Returns whether the value is (to be) wrapped in double quotes on the wire.
   *
   * @return {@code true} if quoted
   */
  boolean wrap();

  /**
   * Sets whether the value is wrapped in double quotes on the wire.
   *
   * @param wrap whether to quote
   */
  void setWrap(boolean wrap);

  /**
   * Returns the {@code Domain} attribute.
   *
   * @return the domain, or {@code null}
   */
  String domain();

  /**
   * Sets the {@code Domain} attribute.
   *
   * @param domain the domain, or {@code null}
   */
  void setDomain(String domain);

  /**
   * Returns the {@code Path} attribute.
   *
   * @return the path, or {@code null}
   */
  String path();

  /**
   * Sets the {@code Path} attribute.
   *
   * @param path the path, or {@code null}
   */
  void setPath(String path);

  /**
   * Returns the lifetime in seconds ({@code Max-Age}, or {@code Expires} relative to the time it
   * was decoded).
   *
   * @return seconds, {@code 0} to delete the cookie, or {@link #UNDEFINED_MAX_AGE}
   */
  long maxAge();

  /**
   * Sets the lifetime.
   *
   * @param maxAge seconds, {@code 0} to delete the cookie, or {@link #UNDEFINED_MAX_AGE} for a
   *     session cookie
   */
  void setMaxAge(long maxAge);

  /**
   * Returns whether the {@code Secure} attribute is set.
   *
   * @return {@code true} if only sent over secure connections
   */
  boolean isSecure();

  /**
   * Sets the {@code Secure} attribute.
   *
   * @param secure whether to set it
   */
  void setSecure(boolean secure);

  /**
   * Returns whether the {@code HttpOnly} attribute is set.
   *
   * @return {@code true} if hidden from scripts
   */
  boolean isHttpOnly();

  /**
   * Sets the {@code HttpOnly} attribute.
   *
   * @param httpOnly whether to set it
   */
  void setHttpOnly(boolean httpOnly);

  /**
   * Returns the {@code SameSite} attribute.
   *
   * @return the value, or {@code null} if absent
   */
  SameSite sameSite();

  /**
   * Sets the {@code SameSite} attribute.
   *
   * @param sameSite the value, or {@code null} to omit it
   */
  void setSameSite(SameSite sameSite);

  /**
   * Returns whether the {@code Partitioned} attribute (CHIPS) is set.
   *
   * @return {@code true} if the cookie is stored per top-level site
   */
  boolean isPartitioned();

  /**
   * Sets the {@code Partitioned} attribute; browsers accept it only with {@code Secure}.
   *
   * @param partitioned whether to set it
   */
  void setPartitioned(boolean partitioned);
}

package io.tern.codec.http.cookie;

import io.tern.codec.http.cookie.CookieHeaderNames.SameSite;
import java.util.Comparator;
import java.util.Objects;

/**
 * The mutable {@link Cookie}. Not thread-safe.
 *
 * <p>Equal to another cookie with the same name (case-sensitive), path and domain (ignoring case),
 * the identity RFC 6265 gives a stored cookie.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class DefaultCookie implements Cookie {
  private static final Comparator<String> NULLS_FIRST = Comparator.nullsFirst(String::compareTo);
  private static final Comparator<String> NULLS_FIRST_IGNORE_CASE =
      Comparator.nullsFirst(String::compareToIgnoreCase);

  private final String name;
  private String value;
  private boolean wrap;
  private String domain;
  private String path;
  private long maxAge = UNDEFINED_MAX_AGE;
  private boolean secure;
  private boolean httpOnly;
  private SameSite sameSite;
  private boolean partitioned;

  /**
   * Creates a session cookie with no attributes.
   *
   * @param name the name
   * @param value the value
   */
  public DefaultCookie(String name, String value) {
    this.name = Objects.requireNonNull(name, "name");
    this.value = Objects.requireNonNull(value, "value");
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String value() {
    return value;
  }

  @Override
  public void setValue(String value) {
    this.value = Objects.requireNonNull(value, "value");
  }

  @Override
  public boolean wrap() {
    return wrap;
  }

  @Override
  public void setWrap(boolean wrap) {
    this.wrap = wrap;
  }

  @Override
  public String domain() {
    return domain;
  }

  @Override
  public void setDomain(String domain) {
    this.domain = domain;
  }

  @Override
  public String path() {
    return path;
  }

  @Override
  public void setPath(String path) {
    this.path = path;
  }

  @Override
  public long maxAge() {
    return maxAge;
  }

  @Override
  public void setMaxAge(long maxAge) {
    this.maxAge = maxAge;
  }

  @Override
  public boolean isSecure() {
    return secure;
  }

  @Override
  public void setSecure(boolean secure) {
    this.secure = secure;
  }

  @Override
  public boolean isHttpOnly() {
    return httpOnly;
  }

  @Override
  public void setHttpOnly(boolean httpOnly) {
    this.httpOnly = httpOnly;
  }

  @Override
  public SameSite sameSite() {
    return sameSite;
  }

  @Override
  public void setSameSite(SameSite sameSite) {
    this.sameSite = sameSite;
  }

  @Override
  public boolean isPartitioned() {
    return partitioned;
  }

  @Override
  public void setPartitioned(boolean partitioned) {
    this.partitioned = partitioned;
  }

  @Override
  public int compareTo(Cookie o) {
    int c = name.compareTo(o.name());
    if (c != 0) {
      return c;
    }
    c = NULLS_FIRST.compare(path, o.path());
    return c != 0 ? c : NULLS_FIRST_IGNORE_CASE.compare(domain, o.domain());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Cookie c
        && name.equals(c.name())
        && Objects.equals(path, c.path())
        && (domain == null ? c.domain() == null : domain.equalsIgnoreCase(c.domain()));
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }

  /** Returns the cookie as a {@code Set-Cookie} value would show it (lax, no expiry date). */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(name).append('=').append(value);
    if (domain != null) {
      sb.append(", domain=").append(domain);
    }
    if (path != null) {
      sb.append(", path=").append(path);
    }
    if (maxAge != UNDEFINED_MAX_AGE) {
      sb.append(", maxAge=").append(maxAge).append('s');
    }
    if (secure) {
      sb.append(", secure");
    }
    if (httpOnly) {
      sb.append(", HTTPOnly");
    }
    if (sameSite != null) {
      sb.append(", SameSite=").append(sameSite);
    }
    if (partitioned) {
      sb.append(", Partitioned");
    }
    return sb.toString();
  }
}

package io.tern.codec.http.cookie;

/**
 * The attribute names of a {@code Set-Cookie} header, and the {@code SameSite} values.
 *
 * <h2>Threading</h2>
 *
 * Constants only; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class CookieHeaderNames {
  /** {@code Path}. */
  public static final String PATH = "Path";

  /** {@code Expires}. */
  public static final String EXPIRES = "Expires";

  /** {@code Max-Age}. */
  public static final String MAX_AGE = "Max-Age";

  /** {@code Domain}. */
  public static final String DOMAIN = "Domain";

  /** {@code Secure}. */
  public static final String SECURE = "Secure";

  /** {@code HTTPOnly}. */
  public static final String HTTPONLY = "HTTPOnly";

  /** {@code SameSite}. */
  public static final String SAMESITE = "SameSite";

  /** {@code Partitioned} (CHIPS). */
  public static final String PARTITIONED = "Partitioned";

  private CookieHeaderNames() {}

  /** The values of the {@code SameSite} attribute (RFC 6265bis, section 4.1.2.7). */
  public enum SameSite {
    /** Sent with same-site requests and top-level cross-site navigations. */
    Lax,
    /** Sent with same-site requests only. */
    Strict,
    /** Sent with every request; browsers require {@code Secure} with it. */
    None;

    /**
     * Returns the value with this name, ignoring case.
     *
     * @param name the attribute value
     * @return the value, or {@code null} if unknown
     */
    public static SameSite of(String name) {
      for (SameSite s : values()) {
        if (s.name().equalsIgnoreCase(name)) {
          return s;
        }
      }
      return null;
    }
  }
}

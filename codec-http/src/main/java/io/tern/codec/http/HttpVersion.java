package io.tern.codec.http;

import io.tern.common.AsciiString;
import java.util.Objects;

/**
 * The protocol version of an HTTP message, such as {@code HTTP/1.1}.
 *
 * <p>{@link #HTTP_1_0} and {@link #HTTP_1_1} are shared constants; {@link #valueOf(String)} returns
 * them for their text and creates other versions only when asked for. Instances are immutable and
 * may be shared between threads.
 *
 * <h2>Threading</h2>
 *
 * Instances are immutable and may be shared between threads.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class HttpVersion implements Comparable<HttpVersion> {
  /** {@code HTTP/1.0}: connections close after each response unless keep-alive is asked for. */
  public static final HttpVersion HTTP_1_0 = new HttpVersion("HTTP", 1, 0, false);

  /** {@code HTTP/1.1}: connections persist unless {@code Connection: close} is sent. */
  public static final HttpVersion HTTP_1_1 = new HttpVersion("HTTP", 1, 1, true);

  private final String protocolName;
  private final int majorVersion;
  private final int minorVersion;
  private final boolean keepAliveDefault;
  private final AsciiString text;

  /**
   * Creates a version.
   *
   * @param protocolName the protocol name, upper-case letters only (for example {@code HTTP})
   * @param majorVersion the major version, 0 to 9
   * @param minorVersion the minor version, 0 to 9
   * @param keepAliveDefault whether connections persist by default with this version
   * @throws IllegalArgumentException if the name is empty or not upper-case letters, or a version
   *     number is out of range
   */
  public HttpVersion(
      String protocolName, int majorVersion, int minorVersion, boolean keepAliveDefault) {
    Objects.requireNonNull(protocolName, "protocolName");
    if (protocolName.isEmpty()) {
      throw new IllegalArgumentException("empty protocolName");
    }
    for (int i = 0; i < protocolName.length(); i++) {
      char c = protocolName.charAt(i);
      if (c < 'A' || c > 'Z') {
        throw new IllegalArgumentException("invalid character in protocolName: " + protocolName);
      }
    }
    if (majorVersion < 0 || majorVersion > 9 || minorVersion < 0 || minorVersion > 9) {
      throw new IllegalArgumentException(
          "version " + majorVersion + "." + minorVersion + " (expected: digits 0 to 9)");
    }
    this.protocolName = protocolName;
    this.majorVersion = majorVersion;
    this.minorVersion = minorVersion;
    this.keepAliveDefault = keepAliveDefault;
    this.text = AsciiString.cached(protocolName + '/' + majorVersion + '.' + minorVersion);
  }

  /**
   * Returns the shared constant for {@code HTTP/1.0} or {@code HTTP/1.1}, or parses another version
   * of the form {@code NAME/M.m} (keep-alive by default from 1.1 on).
   *
   * @param text the version text, surrounding whitespace ignored
   * @return the version
   * @throws IllegalArgumentException if {@code text} is not of the form {@code NAME/M.m}
   */
  public static HttpVersion valueOf(String text) {
    Objects.requireNonNull(text, "text");
    String t = text.strip();
    if (t.equals("HTTP/1.1")) {
      return HTTP_1_1;
    }
    if (t.equals("HTTP/1.0")) {
      return HTTP_1_0;
    }
    int slash = t.indexOf('/');
    if (slash <= 0
        || t.length() != slash + 4
        || t.charAt(slash + 2) != '.'
        || !isDigit(t.charAt(slash + 1))
        || !isDigit(t.charAt(slash + 3))) {
      throw new IllegalArgumentException("invalid version format: " + text);
    }
    int major = t.charAt(slash + 1) - '0';
    int minor = t.charAt(slash + 3) - '0';
    return new HttpVersion(t.substring(0, slash), major, minor, major > 1 || minor >= 1);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /**
   * Returns the protocol name.
   *
   * @return for example {@code HTTP}
   */
  public String protocolName() {
    return protocolName;
  }

  /**
   * Returns the major version.
   *
   * @return for example {@code 1}
   */
  public int majorVersion() {
    return majorVersion;
  }

  /**
   * Returns the minor version.
   *
   * @return for example {@code 1}
   */
  public int minorVersion() {
    return minorVersion;
  }

  /**
   * Returns the version as written on the wire.
   *
   * @return for example {@code HTTP/1.1}
   */
  public String text() {
    return text.toString();
  }

  /**
   * Returns the version as written on the wire, as a cached {@link AsciiString} an encoder copies
   * without conversion.
   *
   * @return for example {@code HTTP/1.1}
   */
  public AsciiString asciiText() {
    return text;
  }

  /**
   * Returns whether connections persist by default with this version.
   *
   * @return {@code true} for {@code HTTP/1.1}, {@code false} for {@code HTTP/1.0}
   */
  public boolean isKeepAliveDefault() {
    return keepAliveDefault;
  }

  @Override
  public int compareTo(HttpVersion o) {
    int c = protocolName.compareTo(o.protocolName);
    if (c != 0) {
      return c;
    }
    c = Integer.compare(majorVersion, o.majorVersion);
    return c != 0 ? c : Integer.compare(minorVersion, o.minorVersion);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HttpVersion v
        && majorVersion == v.majorVersion
        && minorVersion == v.minorVersion
        && protocolName.equals(v.protocolName);
  }

  @Override
  public int hashCode() {
    return (protocolName.hashCode() * 31 + majorVersion) * 31 + minorVersion;
  }

  /** Returns {@link #text()}. */
  @Override
  public String toString() {
    return text();
  }
}

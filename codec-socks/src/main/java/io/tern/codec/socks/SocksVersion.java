package io.tern.codec.socks;

/**
 * The SOCKS protocol version, the first byte of every request.
 *
 * <h2>Threading</h2>
 *
 * <p>An immutable constant: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public enum SocksVersion {
  /** SOCKS 4 and its 4a extension (a host name instead of an IPv4 address). */
  SOCKS4a(4),
  /** SOCKS 5 (RFC 1928). */
  SOCKS5(5);

  private final int byteValue;

  SocksVersion(int byteValue) {
    this.byteValue = byteValue;
  }

  /**
   * Returns the version byte.
   *
   * @return 4 or 5
   */
  public int byteValue() {
    return byteValue;
  }

  /**
   * Returns the version of a first byte.
   *
   * @param b the byte
   * @return the version, or {@code null} for any other byte
   */
  public static SocksVersion of(int b) {
    return switch (b) {
      case 4 -> SOCKS4a;
      case 5 -> SOCKS5;
      default -> null;
    };
  }
}

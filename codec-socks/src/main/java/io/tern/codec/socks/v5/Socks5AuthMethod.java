package io.tern.codec.socks.v5;

/**
 * An authentication method a SOCKS 5 client offers and the server picks.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param byteValue the byte on the wire, 0 to 255
 */
public record Socks5AuthMethod(int byteValue) {
  /** 0: no authentication. */
  public static final Socks5AuthMethod NO_AUTH = new Socks5AuthMethod(0);

  /** 1: GSSAPI (not implemented here). */
  public static final Socks5AuthMethod GSSAPI = new Socks5AuthMethod(1);

  /** 2: username and password (RFC 1929). */
  public static final Socks5AuthMethod PASSWORD = new Socks5AuthMethod(2);

  /** 255: none of the offered methods is acceptable. */
  public static final Socks5AuthMethod UNACCEPTED = new Socks5AuthMethod(0xff);

  /**
   * Checks the byte.
   *
   * @param byteValue the byte on the wire, 0 to 255
   */
  public Socks5AuthMethod {
    if (byteValue < 0 || byteValue > 0xff) {
      throw new IllegalArgumentException("out of range: " + byteValue);
    }
  }

  @Override
  public String toString() {
    String name =
        switch (byteValue) {
          case 0 -> "NO_AUTH";
          case 1 -> "GSSAPI";
          case 2 -> "PASSWORD";
          case 0xff -> "UNACCEPTED";
          default -> "UNKNOWN";
        };
    return name + "(" + byteValue + ")";
  }
}

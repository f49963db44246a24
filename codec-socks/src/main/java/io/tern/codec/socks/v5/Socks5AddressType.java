package io.tern.codec.socks.v5;

/**
 * The type of a SOCKS 5 address field.
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
public record Socks5AddressType(int byteValue) {
  /** 1: four bytes. */
  public static final Socks5AddressType IPv4 = new Socks5AddressType(1);

  /** 3: a host name of 1 to 255 bytes, after a length byte. */
  public static final Socks5AddressType DOMAIN = new Socks5AddressType(3);

  /** 4: sixteen bytes. */
  public static final Socks5AddressType IPv6 = new Socks5AddressType(4);

  /**
   * Returns the type that fits an address: IPv4 or IPv6 for a literal, else DOMAIN.
   *
   * @param address an IP literal or a host name
   * @return the type
   */
  public static Socks5AddressType of(String address) {
    if (io.tern.codec.socks.internal.SocksAddresses.ipv4(address) != null) {
      return IPv4;
    }
    return io.tern.codec.socks.internal.SocksAddresses.ipv6(address) != null ? IPv6 : DOMAIN;
  }

  /**
   * Checks the byte.
   *
   * @param byteValue the byte on the wire, 0 to 255
   */
  public Socks5AddressType {
    if (byteValue < 0 || byteValue > 0xff) {
      throw new IllegalArgumentException("out of range: " + byteValue);
    }
  }

  @Override
  public String toString() {
    String name =
        switch (byteValue) {
          case 1 -> "IPv4";
          case 3 -> "DOMAIN";
          case 4 -> "IPv6";
          default -> "UNKNOWN";
        };
    return name + "(" + byteValue + ")";
  }
}

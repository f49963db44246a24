package io.tern.codec.socks.v5;

import io.tern.codec.socks.internal.SocksAddresses;
import java.util.Objects;

/** Checks that an address fits its SOCKS 5 type. */
final class Socks5Addressing {
  private Socks5Addressing() {}

  static void check(Socks5AddressType type, String address, int port) {
    Objects.requireNonNull(type, "address type");
    Objects.requireNonNull(address, "address");
    boolean fits =
        switch (type.byteValue()) {
          case SocksAddresses.ATYP_IPV4 -> SocksAddresses.ipv4(address) != null;
          case SocksAddresses.ATYP_IPV6 -> SocksAddresses.ipv6(address) != null;
          case SocksAddresses.ATYP_DOMAIN -> {
            SocksAddresses.checkString(address, "host name", false);
            yield true;
          }
          default -> false;
        };
    if (!fits) {
      throw new IllegalArgumentException(address + " is not a SOCKS 5 " + type + " address");
    }
    if (port < 0 || port > 0xffff) {
      throw new IllegalArgumentException("port out of range: " + port);
    }
  }
}

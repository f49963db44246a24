package io.tern.codec.socks.v5;

import io.tern.codec.socks.internal.SocksAddresses;
import java.util.Objects;

/**
 * A SOCKS 5 request ({@code 05 CMD 00 ATYP DST.ADDR DST.PORT}).
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param type the command
 * @param dstAddrType the address type; must fit {@code dstAddr}
 * @param dstAddr an IPv4 or IPv6 literal, or a host name of 1 to 255 ASCII characters
 * @param dstPort 0 to 65535
 */
public record Socks5CommandRequest(
    Socks5CommandType type, Socks5AddressType dstAddrType, String dstAddr, int dstPort)
    implements Socks5Message {
  /**
   * Checks the fields.
   *
   * @param type the command
   * @param dstAddrType the address type
   * @param dstAddr the address
   * @param dstPort the port
   */
  public Socks5CommandRequest {
    Objects.requireNonNull(type, "type");
    Socks5Addressing.check(dstAddrType, dstAddr, dstPort);
  }

  /**
   * Returns a request whose address type follows from the address.
   *
   * @param type the command
   * @param dstAddr an IP literal or a host name
   * @param dstPort the port
   * @return the request
   */
  public static Socks5CommandRequest of(Socks5CommandType type, String dstAddr, int dstPort) {
    SocksAddresses.checkString(dstAddr, "dstAddr", false);
    return new Socks5CommandRequest(type, Socks5AddressType.of(dstAddr), dstAddr, dstPort);
  }
}

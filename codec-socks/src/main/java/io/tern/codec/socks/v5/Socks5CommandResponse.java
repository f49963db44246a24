package io.tern.codec.socks.v5;

import java.util.Objects;

/**
 * A SOCKS 5 reply ({@code 05 REP 00 ATYP BND.ADDR BND.PORT}).
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param status the reply code
 * @param bndAddrType the address type; must fit {@code bndAddr}
 * @param bndAddr the address the server bound for the relay
 * @param bndPort 0 to 65535
 */
public record Socks5CommandResponse(
    Socks5CommandStatus status, Socks5AddressType bndAddrType, String bndAddr, int bndPort)
    implements Socks5Message {
  /**
   * Checks the fields.
   *
   * @param status the reply code
   * @param bndAddrType the address type
   * @param bndAddr the address
   * @param bndPort the port
   */
  public Socks5CommandResponse {
    Objects.requireNonNull(status, "status");
    Socks5Addressing.check(bndAddrType, bndAddr, bndPort);
  }

  /**
   * Returns a reply with the unspecified address {@code 0.0.0.0:0}.
   *
   * @param status the reply code
   * @return the reply
   */
  public static Socks5CommandResponse of(Socks5CommandStatus status) {
    return new Socks5CommandResponse(status, Socks5AddressType.IPv4, "0.0.0.0", 0);
  }
}

package io.tern.codec.socks.v4;

import io.tern.codec.socks.internal.SocksAddresses;
import java.util.Objects;

/**
 * A SOCKS 4 response: the status and, for BIND, the address the server listens on.
 *
 * <pre>
 * +----+----+----+----+----+----+----+----+
 * | VN | CD | DSTPORT |      DSTIP        |
 * +----+----+----+----+----+----+----+----+
 *   0
 * </pre>
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
 * @param dstAddr an IPv4 literal ({@code 0.0.0.0} when not meaningful)
 * @param dstPort the port, 0 to 65535
 */
public record Socks4CommandResponse(Socks4CommandStatus status, String dstAddr, int dstPort)
    implements Socks4Message {
  /**
   * Checks the fields.
   *
   * @param status the reply code
   * @param dstAddr an IPv4 literal
   * @param dstPort the port
   */
  public Socks4CommandResponse {
    Objects.requireNonNull(status, "status");
    if (SocksAddresses.ipv4(dstAddr) == null) {
      throw new IllegalArgumentException("dstAddr must be an IPv4 literal: " + dstAddr);
    }
    if (dstPort < 0 || dstPort > 0xffff) {
      throw new IllegalArgumentException("dstPort out of range: " + dstPort);
    }
  }

  /**
   * Returns a response without an address.
   *
   * @param status the reply code
   * @return a response with {@code 0.0.0.0:0}
   */
  public static Socks4CommandResponse of(Socks4CommandStatus status) {
    return new Socks4CommandResponse(status, "0.0.0.0", 0);
  }
}

package io.tern.codec.socks.v4;

import io.tern.codec.socks.internal.SocksAddresses;
import java.util.Objects;

/**
 * A SOCKS 4 request: the command, the destination and the client's user id. The destination is an
 * IPv4 literal (SOCKS 4) or a host name (SOCKS 4a, which the server resolves).
 *
 * <pre>
 * +----+----+----+----+----+----+----+----+----+----+....+----+ (4a: ....+----+)
 * | VN | CD | DSTPORT |      DSTIP        | USERID       |NULL| HOSTNAME |NULL|
 * +----+----+----+----+----+----+----+----+----+----+....+----+
 *   4    1/2  (DSTIP 0.0.0.x, x != 0, announces a HOSTNAME)
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
 * @param type the command
 * @param dstAddr an IPv4 literal, or a host name of 1 to 255 ASCII characters
 * @param dstPort the destination port, 0 to 65535
 * @param userId the user id, at most 255 ASCII characters, may be empty
 */
public record Socks4CommandRequest(
    Socks4CommandType type, String dstAddr, int dstPort, String userId) implements Socks4Message {
  /**
   * Checks the fields.
   *
   * @param type the command
   * @param dstAddr an IPv4 literal or a host name
   * @param dstPort the port
   * @param userId the user id
   */
  public Socks4CommandRequest {
    Objects.requireNonNull(type, "type");
    SocksAddresses.checkString(dstAddr, "dstAddr", false);
    SocksAddresses.checkString(userId, "userId", true);
    if (dstPort < 0 || dstPort > 0xffff) {
      throw new IllegalArgumentException("dstPort out of range: " + dstPort);
    }
  }

  /**
   * Tells whether this is a SOCKS 4a request (a host name for the server to resolve).
   *
   * @return {@code true} if {@link #dstAddr()} is not an IPv4 literal
   */
  public boolean isSocks4a() {
    return SocksAddresses.ipv4(dstAddr) == null;
  }
}

package io.tern.handler.ipfilter;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * Matches the addresses of one subnet in CIDR notation, IPv4 ({@code 192.168.0.0/16}) or IPv6
 * ({@code 2001:db8::/32}); an address without a prefix length is a single host. An IPv4 rule never
 * matches an IPv6 address and the other way round, except that IPv4-mapped IPv6 addresses ({@code
 * ::ffff:10.0.0.1}) are IPv4 addresses, as the JDK reports them. Host bits set in the network
 * address are cleared ({@code 10.1.2.3/8} is {@code 10.0.0.0/8}).
 *
 * <p>Immutable and thread-safe. Parsing never resolves host names: only address literals are
 * accepted.
 *
 * <h2>Threading</h2>
 *
 * Immutable and thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class IpSubnetFilterRule implements IpFilterRule {
  private final boolean ipv4;
  private final long networkHigh;
  private final long networkLow;
  private final long maskHigh;
  private final long maskLow;
  private final int prefixLength;
  private final IpFilterRuleType ruleType;

  /**
   * Creates a rule from CIDR text.
   *
   * @param cidr e.g. {@code "10.0.0.0/8"}, {@code "::1/128"} or {@code "192.0.2.7"}
   * @param ruleType what to do with matching addresses
   * @throws IllegalArgumentException if the text is not an address literal with an optional prefix
   *     length in range
   */
  public IpSubnetFilterRule(String cidr, IpFilterRuleType ruleType) {
    this(parseAddress(cidr), parsePrefix(cidr), ruleType, cidr);
  }

  /**
   * Creates a rule from an address and a prefix length.
   *
   * @param network any address of the subnet
   * @param prefixLength 0 to 32 for IPv4, 0 to 128 for IPv6
   * @param ruleType what to do with matching addresses
   * @throws IllegalArgumentException if the prefix length is out of range
   */
  public IpSubnetFilterRule(InetAddress network, int prefixLength, IpFilterRuleType ruleType) {
    this(network, prefixLength, ruleType, null);
  }

  private IpSubnetFilterRule(
      InetAddress network, int prefixLength, IpFilterRuleType ruleType, String text) {
    this.ruleType = Objects.requireNonNull(ruleType, "ruleType");
    this.ipv4 = network instanceof Inet4Address;
    int bits = ipv4 ? 32 : 128;
    if (prefixLength == -1) {
      prefixLength = bits;
    } else if (ipv4 && text != null && text.indexOf(':') >= 0) {
      // "::ffff:10.0.0.0/104" parses to an IPv4 address: drop the 96 bits of the mapped prefix.
      prefixLength -= 96;
    }
    if (prefixLength < 0 || prefixLength > bits) {
      throw new IllegalArgumentException(
          "prefix length out of range for "
              + (text != null ? text : network)
              + " (0 to "
              + bits
              + ")");
    }
    this.prefixLength = prefixLength;
    // Both families in one 128-bit space: IPv4 addresses fill the low 32 bits.
    int shift = 128 - (ipv4 ? 96 + prefixLength : prefixLength);
    this.maskHigh = shift >= 64 ? (shift >= 128 ? 0 : -1L << (shift - 64)) : -1L;
    this.maskLow = shift >= 64 ? 0 : (shift == 0 ? -1L : -1L << shift);
    long[] address = toLongs(network);
    this.networkHigh = address[0] & maskHigh;
    this.networkLow = address[1] & maskLow;
  }

  @Override
  public boolean matches(InetSocketAddress remoteAddress) {
    InetAddress address = remoteAddress.getAddress();
    return address != null && matches(address);
  }

  /**
   * Tells whether an address is in this subnet.
   *
   * @param address the address
   * @return {@code true} if it is
   */
  public boolean matches(InetAddress address) {
    if ((address instanceof Inet4Address) != ipv4) {
      return false;
    }
    long[] a = toLongs(address);
    return (a[0] & maskHigh) == networkHigh && (a[1] & maskLow) == networkLow;
  }

  @Override
  public IpFilterRuleType ruleType() {
    return ruleType;
  }

  /**
   * Returns the prefix length.
   *
   * @return the number of leading bits that must match
   */
  public int prefixLength() {
    return prefixLength;
  }

  private static long[] toLongs(InetAddress address) {
    byte[] b = address.getAddress();
    long high = 0;
    long low = 0;
    if (b.length == 4) {
      low =
          ((b[0] & 0xffL) << 24) | ((b[1] & 0xffL) << 16) | ((b[2] & 0xffL) << 8) | (b[3] & 0xffL);
    } else {
      for (int i = 0; i < 8; i++) {
        high = (high << 8) | (b[i] & 0xffL);
        low = (low << 8) | (b[i + 8] & 0xffL);
      }
    }
    return new long[] {high, low};
  }

  private static InetAddress parseAddress(String cidr) {
    int slash = cidr.indexOf('/');
    String literal = slash >= 0 ? cidr.substring(0, slash) : cidr;
    try {
      return InetAddress.ofLiteral(literal.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not an IP address literal: " + cidr, e);
    }
  }

  private static int parsePrefix(String cidr) {
    int slash = cidr.indexOf('/');
    if (slash < 0) {
      return -1;
    }
    try {
      int prefix = Integer.parseInt(cidr.substring(slash + 1).strip());
      if (prefix < 0) {
        throw new IllegalArgumentException("negative prefix length: " + cidr);
      }
      return prefix;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad prefix length: " + cidr, e);
    }
  }

  @Override
  public String toString() {
    long[] net = {networkHigh, networkLow};
    return "IpSubnetFilterRule(" + format(net) + "/" + prefixLength + " " + ruleType + ")";
  }

  private String format(long[] net) {
    byte[] bytes;
    if (ipv4) {
      int v = (int) net[1];
      bytes = new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    } else {
      bytes = new byte[16];
      for (int i = 0; i < 8; i++) {
        bytes[i] = (byte) (net[0] >>> (56 - 8 * i));
        bytes[i + 8] = (byte) (net[1] >>> (56 - 8 * i));
      }
    }
    try {
      return InetAddress.getByAddress(bytes).getHostAddress();
    } catch (java.net.UnknownHostException e) {
      throw new AssertionError("4 or 16 bytes are always an address", e);
    }
  }
}

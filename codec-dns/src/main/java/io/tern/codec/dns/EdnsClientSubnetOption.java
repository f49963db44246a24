package io.tern.codec.dns;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Objects;

/**
 * The EDNS0 client-subnet option (code 8, RFC 7871): the network a query is made on behalf of. Only
 * the first {@code sourcePrefixLength} bits of the address are sent; the address is held with the
 * other bits cleared.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param sourcePrefixLength how many leading bits of the address are meaningful
 * @param scopePrefixLength in a response, how many bits the answer covers; 0 in a query
 * @param address the network address (IPv4: family 1; IPv6: family 2)
 */
public record EdnsClientSubnetOption(
    int sourcePrefixLength, int scopePrefixLength, InetAddress address) implements EdnsOption {
  /** The option code. */
  public static final int CODE = 8;

  /** Checks the prefix lengths and clears the address bits past the source prefix. */
  public EdnsClientSubnetOption {
    Objects.requireNonNull(address, "address");
    int bits = address instanceof Inet4Address ? 32 : 128;
    if (sourcePrefixLength < 0 || sourcePrefixLength > bits) {
      throw new IllegalArgumentException("source prefix out of range: " + sourcePrefixLength);
    }
    if (scopePrefixLength < 0 || scopePrefixLength > bits) {
      throw new IllegalArgumentException("scope prefix out of range: " + scopePrefixLength);
    }
    address = masked(address, sourcePrefixLength);
  }

  @Override
  public int code() {
    return CODE;
  }

  /**
   * Returns the address family number: 1 for IPv4, 2 for IPv6.
   *
   * @return the family
   */
  public int family() {
    return address instanceof Inet4Address ? 1 : 2;
  }

  private static InetAddress masked(InetAddress address, int prefix) {
    byte[] b = address.getAddress();
    byte[] m = Arrays.copyOf(b, b.length);
    for (int i = 0; i < m.length; i++) {
      int keep = Math.max(0, Math.min(8, prefix - i * 8));
      m[i] = (byte) (m[i] & (0xFF00 >> keep));
    }
    if (Arrays.equals(b, m)) {
      return address;
    }
    try {
      return InetAddress.getByAddress(m);
    } catch (UnknownHostException e) {
      throw new AssertionError(e);
    }
  }
}

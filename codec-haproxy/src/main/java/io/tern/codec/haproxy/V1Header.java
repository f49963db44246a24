package io.tern.codec.haproxy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The text header of version 1: {@code PROXY TCP4|TCP6 src dst sport dport\r\n} or {@code PROXY
 * UNKNOWN ...\r\n}, at most 107 bytes with the line end.
 *
 * <p>Parsing is strict where the specification is: single spaces, addresses of the named family
 * (IPv4 in canonical dotted decimal, no leading zeros), ports 0 to 65535, {@code \r\n} at the end.
 * After {@code UNKNOWN} anything up to the line end is ignored, as the specification asks.
 */
final class V1Header {
  /** The longest header the specification allows, {@code \r\n} included. */
  static final int MAX_LENGTH = 107;

  static final byte[] PREFIX = "PROXY ".getBytes(StandardCharsets.US_ASCII);

  private V1Header() {}

  /**
   * Parses a line without its {@code \r\n}.
   *
   * @param line the bytes, starting with {@code PROXY }
   * @param n how many of them form the line
   */
  static HAProxyMessage parse(byte[] line, int n) {
    int p = PREFIX.length;
    int end = next(line, p, n);
    HAProxyProxiedProtocol protocol;
    if (token(line, p, end, "UNKNOWN")) {
      return HAProxyMessage.unknown(HAProxyProtocolVersion.V1);
    } else if (token(line, p, end, "TCP4")) {
      protocol = HAProxyProxiedProtocol.TCP4;
    } else if (token(line, p, end, "TCP6")) {
      protocol = HAProxyProxiedProtocol.TCP6;
    } else {
      throw fail("unknown protocol '" + ascii(line, p, end) + "'");
    }
    int[] bounds = new int[8];
    for (int i = 0; i < 4; i++) {
      p = end + 1;
      if (p > n) {
        throw fail("4 fields expected after " + protocol + ", got " + i);
      }
      end = next(line, p, n);
      if (end == p) {
        throw fail("empty field (two spaces?)");
      }
      bounds[2 * i] = p;
      bounds[2 * i + 1] = end;
    }
    if (end != n) {
      throw fail("extra fields after the ports");
    }
    boolean v4 = protocol == HAProxyProxiedProtocol.TCP4;
    InetAddress src = v4 ? ipv4(line, bounds[0], bounds[1]) : ipv6(line, bounds[0], bounds[1]);
    InetAddress dst = v4 ? ipv4(line, bounds[2], bounds[3]) : ipv6(line, bounds[2], bounds[3]);
    int sport = port(line, bounds[4], bounds[5]);
    int dport = port(line, bounds[6], bounds[7]);
    return new HAProxyMessage(
        HAProxyProtocolVersion.V1,
        HAProxyCommand.PROXY,
        protocol,
        src,
        dst,
        null,
        null,
        sport,
        dport,
        List.of());
  }

  private static int next(byte[] line, int from, int n) {
    for (int i = from; i < n; i++) {
      if (line[i] == ' ') {
        return i;
      }
    }
    return n;
  }

  private static boolean token(byte[] line, int from, int end, String expected) {
    if (end - from != expected.length()) {
      return false;
    }
    for (int i = 0; i < expected.length(); i++) {
      if (line[from + i] != expected.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private static InetAddress ipv4(byte[] line, int from, int end) {
    byte[] a = new byte[4];
    int part = 0;
    int value = -1;
    int digits = 0;
    for (int i = from; i <= end; i++) {
      int c = i < end ? line[i] : '.';
      if (c == '.') {
        if (digits == 0 || part == 4) {
          throw fail("malformed IPv4 address '" + ascii(line, from, end) + "'");
        }
        a[part++] = (byte) value;
        value = -1;
        digits = 0;
      } else if (c >= '0' && c <= '9') {
        if (value == 0) {
          throw fail("IPv4 address with a leading zero '" + ascii(line, from, end) + "'");
        }
        value = (value < 0 ? 0 : value * 10) + (c - '0');
        if (++digits > 3 || value > 255) {
          throw fail("malformed IPv4 address '" + ascii(line, from, end) + "'");
        }
      } else {
        throw fail("malformed IPv4 address '" + ascii(line, from, end) + "'");
      }
    }
    if (part != 4) {
      throw fail("malformed IPv4 address '" + ascii(line, from, end) + "'");
    }
    try {
      return InetAddress.getByAddress(a);
    } catch (UnknownHostException e) {
      throw new AssertionError(e); // only for a wrong length
    }
  }

  private static InetAddress ipv6(byte[] line, int from, int end) {
    if (end - from < 2 || end - from > 45) {
      throw fail("malformed IPv6 address '" + ascii(line, from, end) + "'");
    }
    for (int i = from; i < end; i++) {
      int c = line[i];
      boolean ok =
          (c >= '0' && c <= '9')
              || (c >= 'a' && c <= 'f')
              || (c >= 'A' && c <= 'F')
              || c == ':'
              || c == '.';
      if (!ok) {
        throw fail("malformed IPv6 address '" + ascii(line, from, end) + "'");
      }
    }
    String text = ascii(line, from, end);
    InetAddress ip;
    try {
      ip = Inet6Address.ofLiteral(text);
    } catch (IllegalArgumentException e) {
      throw new HAProxyProtocolException("malformed IPv6 address '" + text + "'", e);
    }
    if (ip instanceof Inet6Address) {
      return ip;
    }
    // An IPv4-mapped literal (::ffff:a.b.c.d) parses to an Inet4Address: keep the family TCP6
    // promised, so the message's addresses match its protocol.
    byte[] mapped = new byte[16];
    mapped[10] = (byte) 0xff;
    mapped[11] = (byte) 0xff;
    System.arraycopy(ip.getAddress(), 0, mapped, 12, 4);
    try {
      return Inet6Address.getByAddress(null, mapped, -1);
    } catch (UnknownHostException e) {
      throw new AssertionError(e);
    }
  }

  private static int port(byte[] line, int from, int end) {
    if (end - from > 5) {
      throw fail("port out of range '" + ascii(line, from, end) + "'");
    }
    int value = 0;
    for (int i = from; i < end; i++) {
      int c = line[i];
      if (c < '0' || c > '9') {
        throw fail("malformed port '" + ascii(line, from, end) + "'");
      }
      value = value * 10 + (c - '0');
    }
    if (value > 0xffff) {
      throw fail("port out of range '" + ascii(line, from, end) + "'");
    }
    return value;
  }

  private static String ascii(byte[] line, int from, int end) {
    StringBuilder b = new StringBuilder(end - from);
    for (int i = from; i < end; i++) {
      int c = line[i] & 0xff;
      b.append(c >= 0x20 && c < 0x7f ? (char) c : '?');
    }
    return b.toString();
  }

  private static HAProxyProtocolException fail(String message) {
    return new HAProxyProtocolException("invalid PROXY v1 header: " + message);
  }

  /** Writes {@code m} (version 1, PROXY command) as one line. */
  static void write(HAProxyMessage m, ByteBuf out) {
    HAProxyProxiedProtocol protocol = m.proxiedProtocol();
    if (protocol == HAProxyProxiedProtocol.UNKNOWN) {
      ByteBufUtil.writeAscii(out, "PROXY UNKNOWN\r\n");
      return;
    }
    if (protocol != HAProxyProxiedProtocol.TCP4 && protocol != HAProxyProxiedProtocol.TCP6) {
      throw new IllegalArgumentException("version 1 carries TCP only, not " + protocol);
    }
    StringBuilder b = new StringBuilder(MAX_LENGTH);
    b.append("PROXY ")
        .append(protocol.name())
        .append(' ')
        .append(literal(m.sourceInet()))
        .append(' ')
        .append(literal(m.destinationInet()))
        .append(' ')
        .append(m.sourcePort())
        .append(' ')
        .append(m.destinationPort())
        .append("\r\n");
    ByteBufUtil.writeAscii(out, b);
  }

  /** The address as text without an IPv6 scope, which the header has no room for. */
  static String literal(InetAddress ip) {
    if (ip instanceof Inet6Address v6 && v6.getScopeId() != 0) {
      try {
        return Inet6Address.getByAddress(null, ip.getAddress(), -1).getHostAddress();
      } catch (UnknownHostException e) {
        throw new AssertionError(e);
      }
    }
    return ip.getHostAddress();
  }
}

package io.tern.codec.haproxy;

import io.tern.buffer.ByteBuf;
import io.tern.codec.haproxy.HAProxyProxiedProtocol.AddressFamily;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The binary header of version 2.
 *
 * <pre>
 * 0                  12       13       14                16
 * +-- signature -----+--------+--------+--------+--------+-- addresses --+-- TLVs --+
 * | \r\n\r\n\0\r\nQUIT\n | ver|cmd | fam|pro |  length (big-endian)  |               |          |
 * +------------------+--------+--------+--------+--------+---------------+----------+
 * addresses: IPv4 src(4) dst(4) sport(2) dport(2); IPv6 src(16) dst(16) sport dport;
 *            Unix src(108) dst(108), NUL-padded paths
 * </pre>
 *
 * <p>The decoder parses a header from a copy of its bytes (at most the decoder's limit), so the
 * message owns nothing of the channel's buffer. A {@code LOCAL} command and an {@code UNSPEC}
 * family make the receiver keep the connection's own addresses, so their address block is skipped
 * unread, as the specification asks. A CRC32C field is checked against the header with its value
 * zeroed.
 */
final class V2Header {
  static final byte[] SIGNATURE = {
    0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a
  };

  /** Signature, version and command, family and protocol, length. */
  static final int FIXED_LENGTH = 16;

  private static final int UNIX_PATH_LENGTH = 108;

  private V2Header() {}

  /** Parses a whole header, {@code h[0..total)}; the signature was checked. */
  static HAProxyMessage parse(byte[] h, int total) {
    int verCmd = h[12] & 0xff;
    if (verCmd >>> 4 != 2) {
      throw fail("version " + (verCmd >>> 4) + " (expected 2)");
    }
    HAProxyCommand command =
        switch (verCmd & 0x0f) {
          case 0 -> HAProxyCommand.LOCAL;
          case 1 -> HAProxyCommand.PROXY;
          default -> throw fail("unknown command " + (verCmd & 0x0f));
        };
    HAProxyProxiedProtocol protocol = HAProxyProxiedProtocol.ofByte(h[13]);
    if (protocol == null) {
      throw fail("unknown family and protocol 0x" + Integer.toHexString(h[13] & 0xff));
    }
    if (command == HAProxyCommand.LOCAL) {
      return HAProxyMessage.local();
    }
    if (protocol == HAProxyProxiedProtocol.UNKNOWN) {
      return HAProxyMessage.unknown(HAProxyProtocolVersion.V2);
    }
    AddressFamily family = protocol.addressFamily();
    int p = FIXED_LENGTH;
    if (total - p < family.v2AddressLength()) {
      throw fail(
          protocol + " needs " + family.v2AddressLength() + " address bytes, got " + (total - p));
    }
    InetAddress srcIp = null;
    InetAddress dstIp = null;
    String srcPath = null;
    String dstPath = null;
    int sport = 0;
    int dport = 0;
    switch (family) {
      case IPV4 -> {
        srcIp = ip(h, p, 4);
        dstIp = ip(h, p + 4, 4);
        sport = u16(h, p + 8);
        dport = u16(h, p + 10);
      }
      case IPV6 -> {
        srcIp = ip(h, p, 16);
        dstIp = ip(h, p + 16, 16);
        sport = u16(h, p + 32);
        dport = u16(h, p + 34);
      }
      default -> {
        srcPath = path(h, p);
        dstPath = path(h, p + UNIX_PATH_LENGTH);
      }
    }
    p += family.v2AddressLength();
    List<HAProxyTLV> tlvs = List.of();
    if (p < total) {
      List<HAProxyTLV> list = new ArrayList<>(4);
      int crcAt = tlvs(h, p, total, list, true);
      if (crcAt >= 0) {
        checkCrc(h, total, crcAt);
      }
      tlvs = List.copyOf(list);
    }
    return new HAProxyMessage(
        HAProxyProtocolVersion.V2,
        command,
        protocol,
        srcIp,
        dstIp,
        srcPath,
        dstPath,
        sport,
        dport,
        tlvs);
  }

  /**
   * Reads TLVs from {@code h[p..end)} into {@code out}; at the top level also SSL fields with their
   * sub-fields. Returns where the CRC32C value starts, or -1.
   */
  private static int tlvs(byte[] h, int p, int end, List<HAProxyTLV> out, boolean top) {
    int crcAt = -1;
    while (p < end) {
      if (end - p < 3) {
        throw fail("truncated TLV: " + (end - p) + " bytes left");
      }
      int type = h[p] & 0xff;
      int length = u16(h, p + 1);
      int v = p + 3;
      if (length > end - v) {
        throw fail("TLV 0x" + Integer.toHexString(type) + " of " + length + " bytes overruns");
      }
      if (top && type == HAProxyTLV.Type.SSL.byteValue()) {
        out.add(ssl(h, v, length));
      } else {
        if (type == HAProxyTLV.Type.CRC32C.byteValue()) {
          if (!top) {
            throw fail("CRC32C inside the SSL field");
          }
          if (length != 4) {
            throw fail("CRC32C of " + length + " bytes (expected 4)");
          }
          if (crcAt >= 0) {
            throw fail("two CRC32C fields");
          }
          crcAt = v;
        }
        byte[] value = new byte[length];
        System.arraycopy(h, v, value, 0, length);
        out.add(new HAProxyTLV(type, value, false));
      }
      p = v + length;
    }
    return crcAt;
  }

  private static HAProxySSLTLV ssl(byte[] h, int v, int length) {
    if (length < 5) {
      throw fail("SSL TLV of " + length + " bytes (at least 5)");
    }
    int client = h[v] & 0xff;
    int verify = (h[v + 1] & 0xff) << 24 | (h[v + 2] & 0xff) << 16 | u16(h, v + 3);
    List<HAProxyTLV> subs = new ArrayList<>(4);
    tlvs(h, v + 5, v + length, subs, false);
    byte[] value = new byte[length];
    System.arraycopy(h, v, value, 0, length);
    return new HAProxySSLTLV(client, verify, List.copyOf(subs), value);
  }

  private static void checkCrc(byte[] h, int total, int crcAt) {
    int expected = (h[crcAt] & 0xff) << 24 | (h[crcAt + 1] & 0xff) << 16 | u16(h, crcAt + 2);
    CRC32C crc = new CRC32C();
    crc.update(h, 0, crcAt);
    crc.update(ZEROS, 0, 4);
    crc.update(h, crcAt + 4, total - crcAt - 4);
    if ((int) crc.getValue() != expected) {
      throw fail(
          "CRC32C mismatch: header says 0x"
              + Integer.toHexString(expected)
              + ", computed 0x"
              + Long.toHexString(crc.getValue()));
    }
  }

  private static final byte[] ZEROS = new byte[4];

  private static InetAddress ip(byte[] h, int p, int length) {
    byte[] a = new byte[length];
    System.arraycopy(h, p, a, 0, length);
    try {
      // Inet6Address.getByAddress keeps an IPv4-mapped address an Inet6Address, matching TCP6.
      return length == 4 ? InetAddress.getByAddress(a) : Inet6Address.getByAddress(null, a, -1);
    } catch (UnknownHostException e) {
      throw new AssertionError(e); // only for a wrong length
    }
  }

  private static String path(byte[] h, int p) {
    int n = 0;
    while (n < UNIX_PATH_LENGTH && h[p + n] != 0) {
      n++;
    }
    return new String(h, p, n, StandardCharsets.UTF_8);
  }

  private static int u16(byte[] h, int p) {
    return (h[p] & 0xff) << 8 | (h[p + 1] & 0xff);
  }

  private static HAProxyProtocolException fail(String message) {
    return new HAProxyProtocolException("invalid PROXY v2 header: " + message);
  }

  /** Returns how many bytes {@link #write} writes for {@code m}. */
  static int length(HAProxyMessage m) {
    int n = FIXED_LENGTH;
    if (m.command() == HAProxyCommand.PROXY) {
      n += m.proxiedProtocol().addressFamily().v2AddressLength();
    }
    for (HAProxyTLV t : m.tlvs()) {
      n += 3 + t.length();
    }
    return n;
  }

  /** Writes {@code m}; fills a CRC32C field with the header's checksum. */
  static void write(HAProxyMessage m, ByteBuf out) {
    int length = length(m);
    if (length - FIXED_LENGTH > 0xffff) {
      throw new IllegalArgumentException("header longer than 65535 bytes after the fixed part");
    }
    int start = out.writerIndex();
    out.writeBytes(SIGNATURE);
    boolean proxy = m.command() == HAProxyCommand.PROXY;
    out.writeByte(0x20 | (proxy ? 1 : 0));
    HAProxyProxiedProtocol protocol = proxy ? m.proxiedProtocol() : HAProxyProxiedProtocol.UNKNOWN;
    out.writeByte(protocol.byteValue());
    out.writeShort(length - FIXED_LENGTH);
    switch (protocol.addressFamily()) {
      case IPV4, IPV6 -> {
        out.writeBytes(inetBytes(m.sourceInet(), protocol));
        out.writeBytes(inetBytes(m.destinationInet(), protocol));
        out.writeShort(m.sourcePort());
        out.writeShort(m.destinationPort());
      }
      case UNIX -> {
        writePath(out, m.sourcePath());
        writePath(out, m.destinationPath());
      }
      default -> {}
    }
    int crcAt = -1;
    for (HAProxyTLV t : m.tlvs()) {
      out.writeByte(t.typeByteValue());
      out.writeShort(t.length());
      if (t.typeByteValue() == HAProxyTLV.Type.CRC32C.byteValue() && t.length() == 4) {
        crcAt = out.writerIndex();
        out.writeInt(0);
      } else {
        out.writeBytes(t.value);
      }
    }
    if (crcAt >= 0) {
      byte[] header = new byte[length];
      out.getBytes(start, header);
      CRC32C crc = new CRC32C();
      crc.update(header);
      out.setInt(crcAt, (int) crc.getValue());
    }
  }

  private static byte[] inetBytes(InetAddress ip, HAProxyProxiedProtocol protocol) {
    byte[] a = ip.getAddress();
    if (protocol.addressFamily() == AddressFamily.IPV6 && ip instanceof Inet4Address) {
      byte[] mapped = new byte[16];
      mapped[10] = (byte) 0xff;
      mapped[11] = (byte) 0xff;
      System.arraycopy(a, 0, mapped, 12, 4);
      return mapped;
    }
    return a;
  }

  private static void writePath(ByteBuf out, String path) {
    byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
    out.writeBytes(bytes);
    out.writeZero(UNIX_PATH_LENGTH - bytes.length);
  }
}

package io.tern.transport.linux.internal.sys;

import static io.tern.transport.linux.internal.sys.LinuxConstants.AF_INET;
import static io.tern.transport.linux.internal.sys.LinuxConstants.AF_INET6;
import static io.tern.transport.linux.internal.sys.LinuxConstants.AF_UNIX;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Socket address structures in native memory, to and from {@link InetSocketAddress} and {@link
 * UnixDomainSocketAddress}.
 *
 * <pre>
 * sockaddr_in  (16 bytes)  | family u16 (host order) | port u16 (network order) | addr[4]  | zero[8]
 * sockaddr_in6 (28 bytes)  | family u16 | port u16 (network) | flowinfo u32 | addr[16] | scope_id u32
 * sockaddr_un  (110 bytes) | family u16 | path[108], NUL-terminated
 * </pre>
 *
 * An IPv4 address written for an {@code AF_INET6} socket becomes an IPv4-mapped IPv6 address
 * ({@code ::ffff:a.b.c.d}), and a mapped address read back becomes an {@link Inet4Address} again,
 * so dual-stack sockets look like NIO's. Stateless; thread-safe.
 */
public final class SockAddr {
  /** {@code sizeof(struct sockaddr_storage)}: room for any address. */
  public static final int STORAGE_SIZE = 128;

  /** {@code sizeof(struct sockaddr_in)}. */
  public static final int IPV4_SIZE = 16;

  /** {@code sizeof(struct sockaddr_in6)}. */
  public static final int IPV6_SIZE = 28;

  /** Maximum length of a Unix socket path, without the terminating NUL. */
  public static final int UNIX_PATH_MAX = 107;

  private static final ValueLayout.OfShort SHORT_BE =
      ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
  private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
  private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;

  private SockAddr() {}

  /**
   * Writes {@code address} at the start of {@code dst}.
   *
   * @param dst at least {@link #STORAGE_SIZE} bytes
   * @param address an {@link InetSocketAddress} (resolved) or {@link UnixDomainSocketAddress}
   * @param family the socket's family: an IPv4 address is mapped for {@code AF_INET6}
   * @return the structure's length, for the {@code socklen_t} argument
   * @throws IllegalArgumentException if the address cannot be written for this family
   */
  public static int write(MemorySegment dst, SocketAddress address, int family) {
    if (address instanceof InetSocketAddress inet) {
      InetAddress ip = inet.getAddress();
      if (ip == null) {
        throw new IllegalArgumentException("unresolved address: " + inet);
      }
      int port = inet.getPort();
      if (ip instanceof Inet4Address && family != AF_INET6) {
        dst.set(SHORT, 0, (short) AF_INET);
        dst.set(SHORT_BE, 2, (short) port);
        MemorySegment.copy(ip.getAddress(), 0, dst, ValueLayout.JAVA_BYTE, 4, 4);
        dst.asSlice(8, 8).fill((byte) 0);
        return IPV4_SIZE;
      }
      if (family == AF_INET) {
        throw new IllegalArgumentException("IPv6 address for an IPv4 socket: " + inet);
      }
      dst.set(SHORT, 0, (short) AF_INET6);
      dst.set(SHORT_BE, 2, (short) port);
      dst.set(INT, 4, 0);
      byte[] bytes = ip.getAddress();
      if (bytes.length == 4) {
        dst.asSlice(8, 10).fill((byte) 0);
        dst.set(ValueLayout.JAVA_BYTE, 18, (byte) 0xff);
        dst.set(ValueLayout.JAVA_BYTE, 19, (byte) 0xff);
        MemorySegment.copy(bytes, 0, dst, ValueLayout.JAVA_BYTE, 20, 4);
        dst.set(INT, 24, 0);
      } else {
        MemorySegment.copy(bytes, 0, dst, ValueLayout.JAVA_BYTE, 8, 16);
        dst.set(INT, 24, ((Inet6Address) ip).getScopeId());
      }
      return IPV6_SIZE;
    }
    if (address instanceof UnixDomainSocketAddress unix) {
      if (family != AF_UNIX) {
        throw new IllegalArgumentException("Unix address for a non-Unix socket: " + unix);
      }
      byte[] path = unix.getPath().toString().getBytes(StandardCharsets.UTF_8);
      if (path.length > UNIX_PATH_MAX) {
        throw new IllegalArgumentException("Unix socket path longer than 107 bytes: " + unix);
      }
      dst.set(SHORT, 0, (short) AF_UNIX);
      MemorySegment.copy(path, 0, dst, ValueLayout.JAVA_BYTE, 2, path.length);
      dst.set(ValueLayout.JAVA_BYTE, 2 + path.length, (byte) 0);
      return 2 + path.length + 1;
    }
    throw new IllegalArgumentException("unsupported address type: " + address);
  }

  /**
   * Reads the address at the start of {@code src}.
   *
   * @param src a structure the kernel filled
   * @param length the {@code socklen_t} the kernel returned
   * @return the address, or {@code null} for an unnamed Unix socket or an unknown family
   */
  public static SocketAddress read(MemorySegment src, int length) {
    if (length < 2) {
      return null;
    }
    int family = src.get(SHORT, 0) & 0xffff;
    try {
      return switch (family) {
        case AF_INET -> {
          byte[] ip = new byte[4];
          MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 4, ip, 0, 4);
          yield new InetSocketAddress(InetAddress.getByAddress(ip), port(src));
        }
        case AF_INET6 -> readIpv6(src);
        case AF_UNIX -> readUnix(src, length);
        default -> null;
      };
    } catch (UnknownHostException e) {
      throw new IllegalStateException("kernel returned a malformed address", e);
    }
  }

  /**
   * Returns the socket family to use for an address.
   *
   * @param address the address to bind or connect to
   * @param preferIpv6 whether IP addresses get a dual-stack {@code AF_INET6} socket
   * @return {@code AF_INET}, {@code AF_INET6} or {@code AF_UNIX}
   */
  public static int familyOf(SocketAddress address, boolean preferIpv6) {
    if (address instanceof UnixDomainSocketAddress) {
      return AF_UNIX;
    }
    if (address instanceof InetSocketAddress inet && inet.getAddress() instanceof Inet6Address) {
      return AF_INET6;
    }
    return preferIpv6 ? AF_INET6 : AF_INET;
  }

  private static SocketAddress readIpv6(MemorySegment src) throws UnknownHostException {
    byte[] ip = new byte[16];
    MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 8, ip, 0, 16);
    if (isIpv4Mapped(ip)) {
      byte[] v4 = {ip[12], ip[13], ip[14], ip[15]};
      return new InetSocketAddress(InetAddress.getByAddress(v4), port(src));
    }
    int scope = src.get(INT, 24);
    InetAddress address =
        scope != 0 ? Inet6Address.getByAddress(null, ip, scope) : InetAddress.getByAddress(ip);
    return new InetSocketAddress(address, port(src));
  }

  private static SocketAddress readUnix(MemorySegment src, int length) {
    int max = Math.min(length - 2, UNIX_PATH_MAX + 1);
    int n = 0;
    while (n < max && src.get(ValueLayout.JAVA_BYTE, 2 + n) != 0) {
      n++;
    }
    if (n == 0) {
      return null;
    }
    byte[] path = new byte[n];
    MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 2, path, 0, n);
    return UnixDomainSocketAddress.of(Path.of(new String(path, StandardCharsets.UTF_8)));
  }

  private static int port(MemorySegment src) {
    return src.get(SHORT_BE, 2) & 0xffff;
  }

  private static boolean isIpv4Mapped(byte[] ip) {
    for (int i = 0; i < 10; i++) {
      if (ip[i] != 0) {
        return false;
      }
    }
    return ip[10] == (byte) 0xff && ip[11] == (byte) 0xff;
  }
}

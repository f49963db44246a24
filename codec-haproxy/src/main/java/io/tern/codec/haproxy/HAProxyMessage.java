package io.tern.codec.haproxy;

import io.tern.codec.haproxy.HAProxyProxiedProtocol.AddressFamily;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * One PROXY protocol header: the version, the command, the proxied protocol, the client's (source)
 * and the proxy's (destination) addresses, and, in version 2, the TLVs.
 *
 * <p>Build one with {@link #inet}, {@link #unix}, {@link #unknown} or {@link #local}; add TLVs with
 * {@link #withTlvs}. Addresses are kept as {@link InetAddress}es (or Unix socket paths), so {@link
 * #sourceSocketAddress()} costs no parsing and never a DNS lookup.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: the decoder copies what it keeps out of its buffer, so a
 * message may be kept for the connection's life (as {@link ProxiedAddressHandler} does).
 */
public final class HAProxyMessage {
  private final HAProxyProtocolVersion version;
  private final HAProxyCommand command;
  private final HAProxyProxiedProtocol protocol;
  private final InetAddress sourceInet;
  private final InetAddress destinationInet;
  private final String sourcePath;
  private final String destinationPath;
  private final int sourcePort;
  private final int destinationPort;
  private final List<HAProxyTLV> tlvs;

  HAProxyMessage(
      HAProxyProtocolVersion version,
      HAProxyCommand command,
      HAProxyProxiedProtocol protocol,
      InetAddress sourceInet,
      InetAddress destinationInet,
      String sourcePath,
      String destinationPath,
      int sourcePort,
      int destinationPort,
      List<HAProxyTLV> tlvs) {
    this.version = version;
    this.command = command;
    this.protocol = protocol;
    this.sourceInet = sourceInet;
    this.destinationInet = destinationInet;
    this.sourcePath = sourcePath;
    this.destinationPath = destinationPath;
    this.sourcePort = sourcePort;
    this.destinationPort = destinationPort;
    this.tlvs = tlvs;
  }

  /**
   * Returns a header for a relayed IP connection.
   *
   * @param version the header version
   * @param protocol {@link HAProxyProxiedProtocol#TCP4}, {@code TCP6}, {@code UDP4} or {@code UDP6}
   *     (version 1: TCP only)
   * @param source the client's address; resolved, of the protocol's family
   * @param destination the address the client connected to; resolved, of the protocol's family
   * @return the message
   * @throws IllegalArgumentException if the protocol, version and addresses do not fit together
   */
  public static HAProxyMessage inet(
      HAProxyProtocolVersion version,
      HAProxyProxiedProtocol protocol,
      InetSocketAddress source,
      InetSocketAddress destination) {
    Objects.requireNonNull(version, "version");
    AddressFamily family = protocol.addressFamily();
    if (family != AddressFamily.IPV4 && family != AddressFamily.IPV6) {
      throw new IllegalArgumentException(protocol + " is not an IP protocol");
    }
    if (version == HAProxyProtocolVersion.V1
        && protocol != HAProxyProxiedProtocol.TCP4
        && protocol != HAProxyProxiedProtocol.TCP6) {
      throw new IllegalArgumentException("version 1 carries TCP only, not " + protocol);
    }
    InetAddress src = checkFamily(family, source, "source");
    InetAddress dst = checkFamily(family, destination, "destination");
    return new HAProxyMessage(
        version,
        HAProxyCommand.PROXY,
        protocol,
        src,
        dst,
        null,
        null,
        source.getPort(),
        destination.getPort(),
        List.of());
  }

  /**
   * Returns a version 2 header for a relayed Unix-domain connection.
   *
   * @param protocol {@link HAProxyProxiedProtocol#UNIX_STREAM} or {@code UNIX_DGRAM}
   * @param sourcePath the client's socket path, at most 108 UTF-8 bytes
   * @param destinationPath the proxy's socket path, at most 108 UTF-8 bytes
   * @return the message
   */
  public static HAProxyMessage unix(
      HAProxyProxiedProtocol protocol, String sourcePath, String destinationPath) {
    if (protocol.addressFamily() != AddressFamily.UNIX) {
      throw new IllegalArgumentException(protocol + " is not a Unix-domain protocol");
    }
    checkPath(sourcePath);
    checkPath(destinationPath);
    return new HAProxyMessage(
        HAProxyProtocolVersion.V2,
        HAProxyCommand.PROXY,
        protocol,
        null,
        null,
        sourcePath,
        destinationPath,
        0,
        0,
        List.of());
  }

  /**
   * Returns a header that says the proxy does not know the client (version 1 {@code PROXY UNKNOWN},
   * version 2 {@code PROXY} with family {@code UNSPEC}): the receiver keeps the connection's
   * addresses.
   *
   * @param version the header version
   * @return the message
   */
  public static HAProxyMessage unknown(HAProxyProtocolVersion version) {
    return new HAProxyMessage(
        Objects.requireNonNull(version, "version"),
        HAProxyCommand.PROXY,
        HAProxyProxiedProtocol.UNKNOWN,
        null,
        null,
        null,
        null,
        0,
        0,
        List.of());
  }

  /**
   * Returns a version 2 {@code LOCAL} header: the proxy opened the connection itself (a health
   * check).
   *
   * @return the message
   */
  public static HAProxyMessage local() {
    return new HAProxyMessage(
        HAProxyProtocolVersion.V2,
        HAProxyCommand.LOCAL,
        HAProxyProxiedProtocol.UNKNOWN,
        null,
        null,
        null,
        null,
        0,
        0,
        List.of());
  }

  /**
   * Returns this header with {@code tlvs} (version 2 only).
   *
   * @param tlvs the fields, in the order they are written
   * @return a new message
   * @throws IllegalArgumentException for a version 1 header
   */
  public HAProxyMessage withTlvs(List<HAProxyTLV> tlvs) {
    if (version != HAProxyProtocolVersion.V2) {
      throw new IllegalArgumentException("version 1 headers carry no TLVs");
    }
    return new HAProxyMessage(
        version,
        command,
        protocol,
        sourceInet,
        destinationInet,
        sourcePath,
        destinationPath,
        sourcePort,
        destinationPort,
        List.copyOf(tlvs));
  }

  private static InetAddress checkFamily(AddressFamily family, InetSocketAddress a, String what) {
    InetAddress ip = Objects.requireNonNull(a, what).getAddress();
    if (ip == null) {
      throw new IllegalArgumentException(what + " is unresolved: " + a);
    }
    boolean fits =
        family == AddressFamily.IPV4 ? ip instanceof Inet4Address : ip instanceof Inet6Address;
    if (!fits) {
      throw new IllegalArgumentException(what + " " + ip + " is not an " + family + " address");
    }
    return ip;
  }

  private static void checkPath(String path) {
    if (path.getBytes(StandardCharsets.UTF_8).length > 108) {
      throw new IllegalArgumentException("Unix socket path longer than 108 bytes: " + path);
    }
  }

  /**
   * Returns the header's version.
   *
   * @return the version
   */
  public HAProxyProtocolVersion protocolVersion() {
    return version;
  }

  /**
   * Returns the command.
   *
   * @return {@code PROXY}, or {@code LOCAL} for a version 2 health check
   */
  public HAProxyCommand command() {
    return command;
  }

  /**
   * Returns the proxied protocol.
   *
   * @return the family and transport; {@code UNKNOWN} when no addresses were given
   */
  public HAProxyProxiedProtocol proxiedProtocol() {
    return protocol;
  }

  /**
   * Returns the client's address as text.
   *
   * @return an IP literal or a Unix socket path; {@code null} when the header has none
   */
  public String sourceAddress() {
    return sourceInet != null ? sourceInet.getHostAddress() : sourcePath;
  }

  /**
   * Returns the destination address as text.
   *
   * @return an IP literal or a Unix socket path; {@code null} when the header has none
   */
  public String destinationAddress() {
    return destinationInet != null ? destinationInet.getHostAddress() : destinationPath;
  }

  /**
   * Returns the client's port.
   *
   * @return 0 to 65535; 0 when the header has no IP addresses
   */
  public int sourcePort() {
    return sourcePort;
  }

  /**
   * Returns the destination port.
   *
   * @return 0 to 65535; 0 when the header has no IP addresses
   */
  public int destinationPort() {
    return destinationPort;
  }

  /**
   * Returns the client's address.
   *
   * @return an {@link InetSocketAddress} (resolved, no lookup), a {@link UnixDomainSocketAddress}
   *     (for a non-empty path), or {@code null} for a {@code LOCAL} or {@code UNKNOWN} header
   */
  public SocketAddress sourceSocketAddress() {
    return socketAddress(sourceInet, sourcePath, sourcePort);
  }

  /**
   * Returns the address the client connected to.
   *
   * @return like {@link #sourceSocketAddress()}
   */
  public SocketAddress destinationSocketAddress() {
    return socketAddress(destinationInet, destinationPath, destinationPort);
  }

  private SocketAddress socketAddress(InetAddress ip, String path, int port) {
    if (command != HAProxyCommand.PROXY) {
      return null;
    }
    if (ip != null) {
      return new InetSocketAddress(ip, port);
    }
    if (path != null && !path.isEmpty()) {
      return UnixDomainSocketAddress.of(path);
    }
    return null;
  }

  /**
   * Returns the TLVs (version 2).
   *
   * @return an unmodifiable list in header order; empty for version 1
   */
  public List<HAProxyTLV> tlvs() {
    return tlvs;
  }

  /**
   * Returns the first TLV of a type.
   *
   * @param type the type
   * @return the field, or {@code null}
   */
  public HAProxyTLV tlv(HAProxyTLV.Type type) {
    for (HAProxyTLV t : tlvs) {
      if (t.type() == type) {
        return t;
      }
    }
    return null;
  }

  InetAddress sourceInet() {
    return sourceInet;
  }

  InetAddress destinationInet() {
    return destinationInet;
  }

  String sourcePath() {
    return sourcePath;
  }

  String destinationPath() {
    return destinationPath;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HAProxyMessage m
        && m.version == version
        && m.command == command
        && m.protocol == protocol
        && Objects.equals(m.sourceInet, sourceInet)
        && Objects.equals(m.destinationInet, destinationInet)
        && Objects.equals(m.sourcePath, sourcePath)
        && Objects.equals(m.destinationPath, destinationPath)
        && m.sourcePort == sourcePort
        && m.destinationPort == destinationPort
        && m.tlvs.equals(tlvs);
  }

  @Override
  public int hashCode() {
    return Objects.hash(version, command, protocol, sourceAddress(), sourcePort, tlvs);
  }

  @Override
  public String toString() {
    return "HAProxyMessage("
        + version
        + ", "
        + command
        + ", "
        + protocol
        + ", "
        + sourceAddress()
        + ':'
        + sourcePort
        + " -> "
        + destinationAddress()
        + ':'
        + destinationPort
        + (tlvs.isEmpty() ? "" : ", " + tlvs)
        + ')';
  }
}

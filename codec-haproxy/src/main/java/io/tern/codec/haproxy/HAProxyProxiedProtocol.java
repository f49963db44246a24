package io.tern.codec.haproxy;

/**
 * The address family and transport of the proxied connection: the {@code TCP4}, {@code TCP6} and
 * {@code UNKNOWN} of version 1, and the family and protocol byte of version 2.
 *
 * <h2>Threading</h2>
 *
 * <p>An immutable constant: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public enum HAProxyProxiedProtocol {
  /** Not known, or not given (version 1 {@code UNKNOWN}, version 2 {@code UNSPEC}). */
  UNKNOWN(AddressFamily.UNSPECIFIED, TransportProtocol.UNSPECIFIED),
  /** TCP over IPv4. */
  TCP4(AddressFamily.IPV4, TransportProtocol.STREAM),
  /** TCP over IPv6. */
  TCP6(AddressFamily.IPV6, TransportProtocol.STREAM),
  /** UDP over IPv4 (version 2 only). */
  UDP4(AddressFamily.IPV4, TransportProtocol.DGRAM),
  /** UDP over IPv6 (version 2 only). */
  UDP6(AddressFamily.IPV6, TransportProtocol.DGRAM),
  /** A Unix-domain stream socket (version 2 only). */
  UNIX_STREAM(AddressFamily.UNIX, TransportProtocol.STREAM),
  /** A Unix-domain datagram socket (version 2 only). */
  UNIX_DGRAM(AddressFamily.UNIX, TransportProtocol.DGRAM);

  private static final HAProxyProxiedProtocol[] BY_BYTE = new HAProxyProxiedProtocol[256];

  static {
    for (HAProxyProxiedProtocol p : values()) {
      BY_BYTE[p.byteValue()] = p;
    }
  }

  private final AddressFamily addressFamily;
  private final TransportProtocol transportProtocol;

  HAProxyProxiedProtocol(AddressFamily addressFamily, TransportProtocol transportProtocol) {
    this.addressFamily = addressFamily;
    this.transportProtocol = transportProtocol;
  }

  /**
   * Returns the address family.
   *
   * @return the family
   */
  public AddressFamily addressFamily() {
    return addressFamily;
  }

  /**
   * Returns the transport protocol.
   *
   * @return the protocol
   */
  public TransportProtocol transportProtocol() {
    return transportProtocol;
  }

  /**
   * Returns the version 2 encoding: the family in the high nibble, the protocol in the low one.
   *
   * @return the byte, 0 to 0x32
   */
  public int byteValue() {
    return addressFamily.nibble << 4 | transportProtocol.nibble;
  }

  /**
   * Returns the protocol of a version 2 family and protocol byte.
   *
   * @param value the byte
   * @return the protocol, or {@code null} if the byte names none of the seven defined
   */
  public static HAProxyProxiedProtocol ofByte(int value) {
    return BY_BYTE[value & 0xff];
  }

  /** The address family of a proxied connection. */
  public enum AddressFamily {
    /** None given: the receiver uses the connection's own addresses. */
    UNSPECIFIED(0, 0),
    /** IPv4: 4-byte addresses. */
    IPV4(1, 12),
    /** IPv6: 16-byte addresses. */
    IPV6(2, 36),
    /** Unix domain: socket paths of up to 108 bytes. */
    UNIX(3, 216);

    final int nibble;
    final int v2AddressLength;

    AddressFamily(int nibble, int v2AddressLength) {
      this.nibble = nibble;
      this.v2AddressLength = v2AddressLength;
    }

    /**
     * Returns how many bytes the source and destination take in a version 2 header.
     *
     * @return 0, 12, 36 or 216
     */
    public int v2AddressLength() {
      return v2AddressLength;
    }
  }

  /** The transport protocol of a proxied connection. */
  public enum TransportProtocol {
    /** None given. */
    UNSPECIFIED(0),
    /** A stream (TCP, or a Unix stream socket). */
    STREAM(1),
    /** Datagrams (UDP, or a Unix datagram socket). */
    DGRAM(2);

    final int nibble;

    TransportProtocol(int nibble) {
      this.nibble = nibble;
    }
  }
}

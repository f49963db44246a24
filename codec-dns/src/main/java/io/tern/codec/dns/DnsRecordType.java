package io.tern.codec.dns;

/**
 * A record type (the 16-bit TYPE field): the well-known ones as constants, any other by {@link
 * #valueOf(int)}. Two instances are equal when their codes are.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class DnsRecordType {
  /** IPv4 address. */
  public static final DnsRecordType A = new DnsRecordType(1, "A");

  /** Authoritative name server. */
  public static final DnsRecordType NS = new DnsRecordType(2, "NS");

  /** Canonical name. */
  public static final DnsRecordType CNAME = new DnsRecordType(5, "CNAME");

  /** Start of authority. */
  public static final DnsRecordType SOA = new DnsRecordType(6, "SOA");

  /** Domain name pointer. */
  public static final DnsRecordType PTR = new DnsRecordType(12, "PTR");

  /** Mail exchange. */
  public static final DnsRecordType MX = new DnsRecordType(15, "MX");

  /** Text strings. */
  public static final DnsRecordType TXT = new DnsRecordType(16, "TXT");

  /** IPv6 address. */
  public static final DnsRecordType AAAA = new DnsRecordType(28, "AAAA");

  /** Service location. */
  public static final DnsRecordType SRV = new DnsRecordType(33, "SRV");

  /** Delegation name. */
  public static final DnsRecordType DNAME = new DnsRecordType(39, "DNAME");

  /** EDNS0 pseudo-record. */
  public static final DnsRecordType OPT = new DnsRecordType(41, "OPT");

  /** Service binding (RFC 9460). */
  public static final DnsRecordType SVCB = new DnsRecordType(64, "SVCB");

  /** HTTPS service binding (RFC 9460). */
  public static final DnsRecordType HTTPS = new DnsRecordType(65, "HTTPS");

  /** Any type (questions only). */
  public static final DnsRecordType ANY = new DnsRecordType(255, "ANY");

  /** Certification authority authorization. */
  public static final DnsRecordType CAA = new DnsRecordType(257, "CAA");

  private static final DnsRecordType[] KNOWN = {
    A, NS, CNAME, SOA, PTR, MX, TXT, AAAA, SRV, DNAME, OPT, SVCB, HTTPS, ANY, CAA
  };

  private final int code;
  private final String name;

  private DnsRecordType(int code, String name) {
    this.code = code;
    this.name = name;
  }

  /**
   * Returns the type with this code: a constant when one has it.
   *
   * @param code 0 to 65535
   * @return the type
   */
  public static DnsRecordType valueOf(int code) {
    if (code < 0 || code > 0xFFFF) {
      throw new IllegalArgumentException("record type out of range: " + code);
    }
    for (DnsRecordType t : KNOWN) {
      if (t.code == code) {
        return t;
      }
    }
    return new DnsRecordType(code, "TYPE" + code);
  }

  /**
   * Returns the 16-bit code.
   *
   * @return the code
   */
  public int code() {
    return code;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DnsRecordType t && t.code == code;
  }

  @Override
  public int hashCode() {
    return code;
  }

  /** The mnemonic ({@code A}, {@code AAAA}, ...), or {@code TYPEn} (RFC 3597). */
  @Override
  public String toString() {
    return name;
  }
}

package io.tern.codec.dns;

/**
 * A response code (RCODE), extended to 12 bits by EDNS0: the common ones as constants, any other by
 * {@link #valueOf(int)}. Two instances are equal when their codes are.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class DnsResponseCode {
  /** No error. */
  public static final DnsResponseCode NOERROR = new DnsResponseCode(0, "NOERROR");

  /** The server could not parse the query. */
  public static final DnsResponseCode FORMERR = new DnsResponseCode(1, "FORMERR");

  /** The server failed. */
  public static final DnsResponseCode SERVFAIL = new DnsResponseCode(2, "SERVFAIL");

  /** The name does not exist. */
  public static final DnsResponseCode NXDOMAIN = new DnsResponseCode(3, "NXDOMAIN");

  /** The kind of query is not implemented. */
  public static final DnsResponseCode NOTIMP = new DnsResponseCode(4, "NOTIMP");

  /** The server refuses to answer. */
  public static final DnsResponseCode REFUSED = new DnsResponseCode(5, "REFUSED");

  /** The EDNS version is not supported (needs EDNS0). */
  public static final DnsResponseCode BADVERS = new DnsResponseCode(16, "BADVERS");

  private static final DnsResponseCode[] KNOWN = {
    NOERROR, FORMERR, SERVFAIL, NXDOMAIN, NOTIMP, REFUSED, BADVERS
  };

  private final int code;
  private final String name;

  private DnsResponseCode(int code, String name) {
    this.code = code;
    this.name = name;
  }

  /**
   * Returns the response code with this value.
   *
   * @param code 0 to 4095
   * @return the code
   */
  public static DnsResponseCode valueOf(int code) {
    if (code < 0 || code > 0xFFF) {
      throw new IllegalArgumentException("response code out of range: " + code);
    }
    for (DnsResponseCode c : KNOWN) {
      if (c.code == code) {
        return c;
      }
    }
    return new DnsResponseCode(code, "RCODE" + code);
  }

  /**
   * Returns the 12-bit value.
   *
   * @return the value
   */
  public int code() {
    return code;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DnsResponseCode c && c.code == code;
  }

  @Override
  public int hashCode() {
    return code;
  }

  @Override
  public String toString() {
    return name;
  }
}

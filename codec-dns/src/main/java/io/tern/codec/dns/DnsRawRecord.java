package io.tern.codec.dns;

import java.util.Objects;

/**
 * A record of a type this codec does not decode (or of a well-known type built by hand): its data
 * as bytes, written as they are (RFC 3597).
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param name the owner name
 * @param type the type
 * @param dnsClass the class
 * @param ttl the time to live in seconds
 * @param data the RDATA
 */
public record DnsRawRecord(String name, DnsRecordType type, int dnsClass, long ttl, DnsBytes data)
    implements DnsRecord {
  /** Checks the fields. */
  public DnsRawRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(data, "data");
    if (type.equals(DnsRecordType.OPT)) {
      throw new IllegalArgumentException("OPT is the message's Edns, not a record");
    }
    DnsNames.checkU16(dnsClass, "class");
    DnsNames.checkTtl(ttl);
    if (data.length() > 0xFFFF) {
      throw new IllegalArgumentException("RDATA too long: " + data.length());
    }
  }
}

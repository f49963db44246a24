package io.tern.codec.dns;

import java.util.Objects;

/**
 * A record whose data is one name: {@code CNAME}, {@code NS} or {@code PTR}.
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
 * @param type {@link DnsRecordType#CNAME}, {@link DnsRecordType#NS} or {@link DnsRecordType#PTR}
 * @param dnsClass the class
 * @param ttl the time to live in seconds
 * @param target the name the record points to, absolute
 */
public record DnsNameRecord(String name, DnsRecordType type, int dnsClass, long ttl, String target)
    implements DnsRecord {
  /** Checks the fields. */
  public DnsNameRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(target, "target");
    if (!type.equals(DnsRecordType.CNAME)
        && !type.equals(DnsRecordType.NS)
        && !type.equals(DnsRecordType.PTR)) {
      throw new IllegalArgumentException("not a CNAME, NS or PTR type: " + type);
    }
    DnsNames.checkU16(dnsClass, "class");
    DnsNames.checkTtl(ttl);
  }
}

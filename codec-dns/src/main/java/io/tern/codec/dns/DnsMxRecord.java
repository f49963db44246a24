package io.tern.codec.dns;

import java.util.Objects;

/**
 * An {@code MX} record.
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
 * @param dnsClass the class
 * @param ttl the time to live in seconds
 * @param preference lower is preferred, 0 to 65535
 * @param exchange the mail server's name
 */
public record DnsMxRecord(String name, int dnsClass, long ttl, int preference, String exchange)
    implements DnsRecord {
  /** Checks the fields. */
  public DnsMxRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(exchange, "exchange");
    DnsNames.checkU16(dnsClass, "class");
    DnsNames.checkTtl(ttl);
    DnsNames.checkU16(preference, "preference");
  }

  @Override
  public DnsRecordType type() {
    return DnsRecordType.MX;
  }
}

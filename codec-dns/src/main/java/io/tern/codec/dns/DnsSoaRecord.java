package io.tern.codec.dns;

import java.util.Objects;

/**
 * An {@code SOA} record. Its {@link #minimum()} bounds how long a negative answer may be cached
 * (RFC 2308). The 32-bit fields are unsigned, held in {@code long}s.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param name the zone
 * @param dnsClass the class
 * @param ttl the time to live in seconds
 * @param primaryServer the primary name server (MNAME)
 * @param responsibleMailbox the administrator's mailbox as a name (RNAME)
 * @param serial the zone's serial number
 * @param refresh seconds between refreshes
 * @param retry seconds between retries
 * @param expire seconds until the zone expires
 * @param minimum the negative-caching TTL
 */
public record DnsSoaRecord(
    String name,
    int dnsClass,
    long ttl,
    String primaryServer,
    String responsibleMailbox,
    long serial,
    long refresh,
    long retry,
    long expire,
    long minimum)
    implements DnsRecord {
  /** Checks the fields. */
  public DnsSoaRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(primaryServer, "primaryServer");
    Objects.requireNonNull(responsibleMailbox, "responsibleMailbox");
    DnsNames.checkU16(dnsClass, "class");
    DnsNames.checkTtl(ttl);
    for (long v : new long[] {serial, refresh, retry, expire, minimum}) {
      if (v < 0 || v > 0xFFFF_FFFFL) {
        throw new IllegalArgumentException("SOA field out of range: " + v);
      }
    }
  }

  @Override
  public DnsRecordType type() {
    return DnsRecordType.SOA;
  }
}

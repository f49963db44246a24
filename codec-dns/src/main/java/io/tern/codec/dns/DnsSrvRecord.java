package io.tern.codec.dns;

import java.util.Objects;

/**
 * An {@code SRV} record (RFC 2782). Its target is written without compression, as the RFC asks.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param name the owner name ({@code _service._proto.example.org.})
 * @param dnsClass the class
 * @param ttl the time to live in seconds
 * @param priority lower is tried first
 * @param weight relative weight among equal priorities
 * @param port the service's port
 * @param target the host's name
 */
public record DnsSrvRecord(
    String name, int dnsClass, long ttl, int priority, int weight, int port, String target)
    implements DnsRecord {
  /** Checks the fields. */
  public DnsSrvRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(target, "target");
    DnsNames.checkU16(dnsClass, "class");
    DnsNames.checkTtl(ttl);
    DnsNames.checkU16(priority, "priority");
    DnsNames.checkU16(weight, "weight");
    DnsNames.checkU16(port, "port");
  }

  @Override
  public DnsRecordType type() {
    return DnsRecordType.SRV;
  }
}

package io.tern.codec.dns;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Objects;

/**
 * An {@code A} (IPv4) or {@code AAAA} (IPv6) record; the type follows from the address.
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
 * @param address an {@link Inet4Address} or an {@link Inet6Address}
 */
public record DnsAddressRecord(String name, int dnsClass, long ttl, InetAddress address)
    implements DnsRecord {
  /** Checks the fields. */
  public DnsAddressRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(address, "address");
    DnsNames.checkU16(dnsClass, "class");
    DnsNames.checkTtl(ttl);
  }

  @Override
  public DnsRecordType type() {
    return address instanceof Inet4Address ? DnsRecordType.A : DnsRecordType.AAAA;
  }
}

package io.tern.resolver.dns;

import io.tern.codec.dns.DnsRecordType;
import java.util.List;

/**
 * Which address families a resolution asks for, and in which order it returns them. The preferred
 * family comes first in {@link DnsNameResolver#resolveAll(String)}'s list, so a Happy Eyeballs
 * connector (RFC 8305) can start with it and race the other.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public enum ResolvedAddressTypes {
  /** IPv4 addresses only: only {@code A} queries. */
  IPV4_ONLY,
  /** IPv6 addresses only: only {@code AAAA} queries. */
  IPV6_ONLY,
  /** Both families, queried in parallel; IPv4 addresses first. */
  IPV4_PREFERRED,
  /** Both families, queried in parallel; IPv6 addresses first. */
  IPV6_PREFERRED;

  /**
   * Returns the record types queried, the preferred first.
   *
   * @return {@code A}, {@code AAAA}, or both in order of preference
   */
  public List<DnsRecordType> recordTypes() {
    return switch (this) {
      case IPV4_ONLY -> List.of(DnsRecordType.A);
      case IPV6_ONLY -> List.of(DnsRecordType.AAAA);
      case IPV4_PREFERRED -> List.of(DnsRecordType.A, DnsRecordType.AAAA);
      case IPV6_PREFERRED -> List.of(DnsRecordType.AAAA, DnsRecordType.A);
    };
  }
}

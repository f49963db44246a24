package io.tern.codec.dns;

/**
 * A resource record of the answer, authority or additional section. Each well-known type has its
 * own record class with the data decoded; {@link DnsRawRecord} carries any other type's data as
 * bytes. The EDNS0 OPT pseudo-record is not a {@code DnsRecord}: it is the message's {@link Edns}.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public sealed interface DnsRecord
    permits DnsAddressRecord,
        DnsNameRecord,
        DnsMxRecord,
        DnsTxtRecord,
        DnsSrvRecord,
        DnsSoaRecord,
        DnsCaaRecord,
        DnsSvcbRecord,
        DnsRawRecord {
  /** The Internet class. */
  int CLASS_IN = 1;

  /**
   * Returns the owner name, absolute, in presentation form ({@code "www.example.org."}).
   *
   * @return the name
   */
  String name();

  /**
   * Returns the type.
   *
   * @return the type
   */
  DnsRecordType type();

  /**
   * Returns the class.
   *
   * @return the class, usually {@link #CLASS_IN}
   */
  int dnsClass();

  /**
   * Returns the time to live in seconds, 0 to 2^31-1 (RFC 2181: a value with the top bit set is
   * read as 0).
   *
   * @return the TTL
   */
  long ttl();
}

package io.tern.codec.dns;

import java.util.List;
import java.util.Objects;

/**
 * An {@code SVCB} or {@code HTTPS} record (RFC 9460): priority 0 is alias mode, any other is
 * service mode with parameters ({@code alpn}, {@code port}, {@code ipv4hint}, {@code ech}, ...)
 * kept as key and raw value, in strictly increasing key order as the RFC requires. The target is
 * written without compression.
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
 * @param type {@link DnsRecordType#SVCB} or {@link DnsRecordType#HTTPS}
 * @param dnsClass the class
 * @param ttl the time to live in seconds
 * @param priority 0 for alias mode
 * @param target the target name ({@code "."} for the owner itself)
 * @param params the parameters, keys strictly increasing
 */
public record DnsSvcbRecord(
    String name,
    DnsRecordType type,
    int dnsClass,
    long ttl,
    int priority,
    String target,
    List<Param> params)
    implements DnsRecord {
  /** The {@code alpn} key. */
  public static final int KEY_ALPN = 1;

  /** The {@code port} key. */
  public static final int KEY_PORT = 3;

  /** The {@code ipv4hint} key. */
  public static final int KEY_IPV4HINT = 4;

  /** The {@code ech} key. */
  public static final int KEY_ECH = 5;

  /** The {@code ipv6hint} key. */
  public static final int KEY_IPV6HINT = 6;

  /** Checks the fields and copies the list. */
  public DnsSvcbRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(target, "target");
    if (!type.equals(DnsRecordType.SVCB) && !type.equals(DnsRecordType.HTTPS)) {
      throw new IllegalArgumentException("not an SVCB or HTTPS type: " + type);
    }
    DnsNames.checkU16(dnsClass, "class");
    DnsNames.checkTtl(ttl);
    DnsNames.checkU16(priority, "priority");
    params = List.copyOf(params);
    int last = -1;
    for (Param p : params) {
      if (p.key() <= last) {
        throw new IllegalArgumentException("SVCB keys must increase strictly: " + p.key());
      }
      last = p.key();
    }
  }

  /**
   * One SvcParam.
   *
   * <h2>Threading</h2>
   *
   * <p>Immutable: any thread.
   *
   * <h2>Ownership</h2>
   *
   * <p>Holds no reference-counted objects.
   *
   * @param key the SvcParamKey, 0 to 65535
   * @param value the value in wire form
   */
  public record Param(int key, DnsBytes value) {
    /** Checks the fields. */
    public Param {
      DnsNames.checkU16(key, "key");
      if (value.length() > 0xFFFF) {
        throw new IllegalArgumentException("SvcParam value too long");
      }
    }
  }
}

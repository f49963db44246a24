package io.tern.codec.dns;

import java.util.Objects;

/**
 * A {@code CAA} record (RFC 8659). The value is held as ISO-8859-1 text, one character per byte.
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
 * @param flags the flags byte (128: issuer critical)
 * @param tag the property tag, 1 to 15 letters and digits ({@code issue}, {@code iodef}, ...)
 * @param value the property value
 */
public record DnsCaaRecord(String name, int dnsClass, long ttl, int flags, String tag, String value)
    implements DnsRecord {
  /** Checks the fields. */
  public DnsCaaRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    if (flags < 0 || flags > 0xFF) {
      throw new IllegalArgumentException("CAA flags out of range: " + flags);
    }
    if (tag.isEmpty() || tag.length() > 15 || !tag.chars().allMatch(DnsCaaRecord::isTagChar)) {
      throw new IllegalArgumentException("bad CAA tag: " + tag);
    }
    for (int i = 0; i < value.length(); i++) {
      if (value.charAt(i) > 0xFF) {
        throw new IllegalArgumentException("CAA value is not ISO-8859-1 text");
      }
    }
    DnsNames.checkU16(dnsClass, "class");
    DnsNames.checkTtl(ttl);
  }

  static boolean isTagChar(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }

  @Override
  public DnsRecordType type() {
    return DnsRecordType.CAA;
  }
}

package io.tern.codec.dns;

import java.util.List;
import java.util.Objects;

/**
 * A {@code TXT} record: one or more character-strings of at most 255 bytes each. Each string is
 * held as ISO-8859-1 text, one character per byte, so any bytes survive a round trip.
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
 * @param strings the character-strings
 */
public record DnsTxtRecord(String name, int dnsClass, long ttl, List<String> strings)
    implements DnsRecord {
  /** Checks the fields and copies the list. */
  public DnsTxtRecord {
    Objects.requireNonNull(name, "name");
    strings = List.copyOf(strings);
    for (String s : strings) {
      if (s.length() > 255) {
        throw new IllegalArgumentException("TXT string longer than 255: " + s.length());
      }
      for (int i = 0; i < s.length(); i++) {
        if (s.charAt(i) > 0xFF) {
          throw new IllegalArgumentException("TXT string is not ISO-8859-1 text");
        }
      }
    }
    DnsNames.checkU16(dnsClass, "class");
    DnsNames.checkTtl(ttl);
  }

  @Override
  public DnsRecordType type() {
    return DnsRecordType.TXT;
  }
}

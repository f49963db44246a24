package io.tern.codec.dns;

import java.util.Objects;

/**
 * One entry of the question section.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param name the absolute name in presentation form, ending with a dot ({@code "example.org."})
 * @param type the type asked for
 * @param dnsClass the class, usually {@link DnsRecord#CLASS_IN}
 */
public record DnsQuestion(String name, DnsRecordType type, int dnsClass) {
  /** Checks the fields. */
  public DnsQuestion {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    DnsNames.checkU16(dnsClass, "class");
  }

  /**
   * A question of class IN.
   *
   * @param name the name
   * @param type the type
   * @return the question
   */
  public static DnsQuestion of(String name, DnsRecordType type) {
    return new DnsQuestion(DnsNames.absolute(name), type, DnsRecord.CLASS_IN);
  }
}

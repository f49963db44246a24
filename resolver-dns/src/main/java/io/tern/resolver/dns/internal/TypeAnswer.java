package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DnsResponseCode;
import java.net.InetAddress;
import java.util.List;

/**
 * What one family's lookup of one name found: addresses, or a negative answer.
 *
 * @param addresses the addresses, empty for a negative answer
 * @param negative {@code NXDOMAIN} or {@code NOERROR} (no data) when {@code addresses} is empty
 */
record TypeAnswer(List<InetAddress> addresses, DnsResponseCode negative) {
  static TypeAnswer of(List<InetAddress> addresses) {
    return new TypeAnswer(addresses, null);
  }

  static TypeAnswer negative(DnsResponseCode code) {
    return new TypeAnswer(List.of(), code);
  }
}

package io.tern.resolver.dns;

import io.tern.codec.dns.DnsAddressRecord;
import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsNameRecord;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsRecord;
import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.DnsResponseCode;
import io.tern.codec.dns.DnsSoaRecord;
import java.net.InetAddress;
import java.util.List;

/** Builds the responses the scripted server sends. */
final class Answers {
  private Answers() {}

  static DnsQuestion question(DnsMessage query) {
    return query.questions().get(0);
  }

  static String name(DnsMessage query) {
    return question(query).name();
  }

  static DnsRecordType type(DnsMessage query) {
    return question(query).type();
  }

  /** A response skeleton: same id and question, QR and RA set. */
  static DnsMessage.Builder reply(DnsMessage query) {
    return DnsMessage.builder()
        .id(query.id())
        .response(true)
        .recursionDesired(query.isRecursionDesired())
        .recursionAvailable(true)
        .addQuestion(question(query));
  }

  static DnsRecord a(String name, String address, long ttl) {
    return new DnsAddressRecord(name, DnsRecord.CLASS_IN, ttl, InetAddress.ofLiteral(address));
  }

  static DnsRecord cname(String name, String target, long ttl) {
    return new DnsNameRecord(name, DnsRecordType.CNAME, DnsRecord.CLASS_IN, ttl, target);
  }

  static DnsRecord soa(String zone, long ttl, long minimum) {
    return new DnsSoaRecord(
        zone, DnsRecord.CLASS_IN, ttl, "ns." + zone, "admin." + zone, 1, 3600, 600, 86400, minimum);
  }

  /** The addresses of the query's own type among {@code addresses}, or no data. */
  static List<DnsMessage> addresses(DnsMessage query, long ttl, String... addresses) {
    DnsMessage.Builder b = reply(query);
    for (String address : addresses) {
      InetAddress ip = InetAddress.ofLiteral(address);
      if (new DnsAddressRecord(name(query), DnsRecord.CLASS_IN, ttl, ip)
          .type()
          .equals(type(query))) {
        b.addAnswer(new DnsAddressRecord(name(query), DnsRecord.CLASS_IN, ttl, ip));
      }
    }
    return List.of(b.build());
  }

  static List<DnsMessage> nxdomain(DnsMessage query, long soaMinimum) {
    return List.of(
        reply(query)
            .responseCode(DnsResponseCode.NXDOMAIN)
            .addAuthority(soa("test.", 3600, soaMinimum))
            .build());
  }
}

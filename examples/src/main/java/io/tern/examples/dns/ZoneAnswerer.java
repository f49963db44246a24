package io.tern.examples.dns;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsMessages;
import io.tern.codec.dns.DnsNameRecord;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsRecord;
import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.DnsResponseCode;
import io.tern.codec.dns.Edns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Answers queries from one {@link Zone}, as an authoritative server without recursion: the records
 * of the name and type asked (all types for ANY), a CNAME followed inside the zone (at most eight
 * links), NXDOMAIN for a name the zone does not have and NOERROR without data for a type a name
 * lacks (both with the SOA in the authority section, for negative caching), REFUSED for a name
 * outside the zone, FORMERR for a message that is not one question, NOTIMP for another opcode.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class ZoneAnswerer {
  /** The UDP payload size this server advertises and honours at most. */
  public static final int MAX_UDP_PAYLOAD = 1232;

  private static final int MAX_CNAME_LINKS = 8;

  private final Zone zone;
  private final Map<String, List<DnsRecord>> byName = new HashMap<>();

  /**
   * Indexes a zone.
   *
   * @param zone the zone
   */
  public ZoneAnswerer(Zone zone) {
    this.zone = zone;
    for (DnsRecord r : zone.records()) {
      byName.computeIfAbsent(r.name().toLowerCase(Locale.ROOT), n -> new ArrayList<>()).add(r);
    }
  }

  private boolean inZone(String name) {
    return name.equals(zone.origin()) || name.endsWith("." + zone.origin());
  }

  /**
   * Returns the response to a query.
   *
   * @param query the query
   * @return the response, whole (see {@link #forUdp} for the size limit of a datagram)
   */
  public DnsMessage answer(DnsMessage query) {
    DnsMessage.Builder r =
        DnsMessage.builder()
            .id(query.id())
            .response(true)
            .opCode(query.opCode())
            .recursionDesired(query.isRecursionDesired());
    if (query.edns() != null) {
      r.edns(Edns.of(MAX_UDP_PAYLOAD));
    }
    if (query.isResponse() || query.questions().size() != 1) {
      return r.responseCode(DnsResponseCode.FORMERR).build();
    }
    DnsQuestion q = query.questions().get(0);
    r.addQuestion(q);
    if (query.opCode() != DnsMessage.OPCODE_QUERY) {
      return r.responseCode(DnsResponseCode.NOTIMP).build();
    }
    String name = q.name().toLowerCase(Locale.ROOT);
    if (q.dnsClass() != DnsRecord.CLASS_IN || !inZone(name)) {
      return r.responseCode(DnsResponseCode.REFUSED).build();
    }
    r.authoritative(true);
    String current = name;
    for (int links = 0; ; links++) {
      List<DnsRecord> here = byName.get(current);
      if (here == null) {
        return r.responseCode(DnsResponseCode.NXDOMAIN).addAuthority(zone.soa()).build();
      }
      List<DnsRecord> matches =
          here.stream()
              .filter(x -> q.type().equals(DnsRecordType.ANY) || x.type().equals(q.type()))
              .toList();
      if (!matches.isEmpty()) {
        matches.forEach(r::addAnswer);
        return r.build();
      }
      DnsNameRecord cname =
          here.stream()
              .filter(x -> x instanceof DnsNameRecord n && n.type().equals(DnsRecordType.CNAME))
              .map(DnsNameRecord.class::cast)
              .findFirst()
              .orElse(null);
      if (cname == null) {
        return r.addAuthority(zone.soa()).build(); // the name exists, without this type
      }
      r.addAnswer(cname);
      current = cname.target().toLowerCase(Locale.ROOT);
      if (!inZone(current) || links == MAX_CNAME_LINKS) {
        return r.build(); // the client follows the chain from here
      }
    }
  }

  /**
   * Returns the response as a datagram may carry it: whole if it fits the client's UDP payload size
   * (512 bytes without EDNS0, at most {@link #MAX_UDP_PAYLOAD}), else with no records and the TC
   * bit set, so the client asks again over TCP.
   *
   * @param query the query (for its EDNS0 payload size)
   * @param response the whole response
   * @return the response to send
   */
  public static DnsMessage forUdp(DnsMessage query, DnsMessage response) {
    int limit =
        query.edns() == null
            ? 512
            : Math.max(512, Math.min(query.edns().udpPayloadSize(), MAX_UDP_PAYLOAD));
    ByteBuf buf = Unpooled.buffer(512);
    int size;
    try {
      DnsMessages.encode(response, buf);
      size = buf.readableBytes();
    } finally {
      buf.release();
    }
    if (size <= limit) {
      return response;
    }
    DnsMessage.Builder cut =
        DnsMessage.builder()
            .id(response.id())
            .response(true)
            .opCode(response.opCode())
            .authoritative(response.isAuthoritative())
            .recursionDesired(response.isRecursionDesired())
            .truncated(true)
            .responseCode(response.responseCode())
            .edns(response.edns());
    response.questions().forEach(cut::addQuestion);
    return cut.build();
  }
}

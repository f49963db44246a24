package io.tern.examples.dns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.codec.dns.DnsCaaRecord;
import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsRecord;
import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.DnsResponseCode;
import io.tern.codec.dns.DnsSoaRecord;
import io.tern.codec.dns.DnsSrvRecord;
import io.tern.codec.dns.DnsTxtRecord;
import io.tern.codec.dns.Edns;
import io.tern.examples.support.UsageException;
import org.junit.jupiter.api.Test;

class ZoneAnswererTest {
  static final String ZONE =
      """
      $ORIGIN example.test.
      $TTL 300
      @         IN SOA   ns1 admin 2026112901 3600 600 86400 60
      @         IN NS    ns1
      ns1       IN A     192.0.2.53
      www          A     192.0.2.10
                   AAAA  2001:db8::10   ; same owner as the line above
      alias     60 CNAME www
      outside      CNAME www.elsewhere.test.
      @            MX    10 mail
      mail         A     192.0.2.25
      @            TXT   "v=spf1 -all" "second \\"quoted\\" string"
      _sip._tcp    SRV   10 60 5060 sip
      sip          A     192.0.2.60
      @            CAA   0 issue "letsencrypt.org"
      """;

  private final ZoneAnswerer answerer = new ZoneAnswerer(Zone.parse(ZONE));

  private DnsMessage ask(String name, DnsRecordType type) {
    return answerer.answer(DnsMessage.query(7, DnsQuestion.of(name, type)));
  }

  @Test
  void readsEveryRecordOfTheZone() {
    Zone zone = Zone.parse(ZONE);
    assertThat(zone.origin()).isEqualTo("example.test.");
    assertThat(zone.records()).hasSize(13);
    assertThat(zone.soa().minimum()).isEqualTo(60);
    assertThat(zone.records())
        .filteredOn(r -> r instanceof DnsTxtRecord)
        .singleElement()
        .isInstanceOfSatisfying(
            DnsTxtRecord.class,
            t ->
                assertThat(t.strings()).containsExactly("v=spf1 -all", "second \"quoted\" string"));
    assertThat(zone.records())
        .filteredOn(r -> r.name().equals("alias.example.test."))
        .singleElement()
        .extracting(DnsRecord::ttl)
        .isEqualTo(60L);
  }

  @Test
  void answersTheRecordsOfTheNameAndType() {
    DnsMessage r = ask("WWW.example.test", DnsRecordType.AAAA);
    assertThat(r.isAuthoritative()).isTrue();
    assertThat(r.id()).isEqualTo(7);
    assertThat(r.answers())
        .singleElement()
        .extracting(DnsRecord::type)
        .isEqualTo(DnsRecordType.AAAA);
    assertThat(ask("_sip._tcp.example.test", DnsRecordType.SRV).answers())
        .singleElement()
        .isInstanceOfSatisfying(
            DnsSrvRecord.class, s -> assertThat(s.target()).isEqualTo("sip.example.test."));
    assertThat(ask("example.test", DnsRecordType.CAA).answers())
        .singleElement()
        .isInstanceOfSatisfying(
            DnsCaaRecord.class, c -> assertThat(c.value()).isEqualTo("letsencrypt.org"));
  }

  @Test
  void followsACnameInsideTheZone() {
    DnsMessage r = ask("alias.example.test", DnsRecordType.A);
    assertThat(r.answers())
        .extracting(DnsRecord::type)
        .containsExactly(DnsRecordType.CNAME, DnsRecordType.A);
    assertThat(ask("outside.example.test", DnsRecordType.A).answers())
        .extracting(DnsRecord::type)
        .containsExactly(DnsRecordType.CNAME);
  }

  @Test
  void negativeAnswersCarryTheSoa() {
    DnsMessage nx = ask("nothing.example.test", DnsRecordType.A);
    assertThat(nx.responseCode()).isEqualTo(DnsResponseCode.NXDOMAIN);
    assertThat(nx.authorities()).singleElement().isInstanceOf(DnsSoaRecord.class);
    DnsMessage noData = ask("mail.example.test", DnsRecordType.AAAA);
    assertThat(noData.responseCode()).isEqualTo(DnsResponseCode.NOERROR);
    assertThat(noData.answers()).isEmpty();
    assertThat(noData.authorities()).singleElement().isInstanceOf(DnsSoaRecord.class);
  }

  @Test
  void refusesNamesOutsideTheZone() {
    assertThat(ask("example.org", DnsRecordType.A).responseCode())
        .isEqualTo(DnsResponseCode.REFUSED);
  }

  @Test
  void truncatesWhatDoesNotFitTheClientsPayload() {
    StringBuilder zone = new StringBuilder("$ORIGIN big.test.\n@ SOA ns admin 1 2 3 4 5\n");
    for (int i = 0; i < 12; i++) {
      zone.append("@ TXT \"").append("x".repeat(200)).append(i).append("\"\n");
    }
    ZoneAnswerer big = new ZoneAnswerer(Zone.parse(zone.toString()));
    DnsMessage plain = DnsMessage.query(1, DnsQuestion.of("big.test", DnsRecordType.TXT));
    DnsMessage whole = big.answer(plain);
    assertThat(whole.answers()).hasSize(12);
    DnsMessage cut = ZoneAnswerer.forUdp(plain, whole);
    assertThat(cut.isTruncated()).isTrue();
    assertThat(cut.answers()).isEmpty();
    assertThat(cut.questions()).isEqualTo(plain.questions());
    DnsMessage withEdns = plain.toBuilder().edns(Edns.of(4096)).build();
    assertThat(ZoneAnswerer.forUdp(withEdns, big.answer(withEdns)).isTruncated()).isTrue();
    DnsMessage small = ask("www.example.test", DnsRecordType.A);
    assertThat(ZoneAnswerer.forUdp(plain, small)).isSameAs(small);
  }

  @Test
  void aBadLineIsNamed() {
    assertThatThrownBy(() -> Zone.parse("$ORIGIN x.test.\n@ SOA a b 1 2 3 4 5\nwww A not-an-ip\n"))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("zone line 3");
    assertThatThrownBy(() -> Zone.parse("$ORIGIN x.test.\nwww A 192.0.2.1\n"))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("no SOA");
  }
}

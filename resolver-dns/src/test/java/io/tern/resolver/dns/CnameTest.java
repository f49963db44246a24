package io.tern.resolver.dns;

import static io.tern.resolver.dns.ResolverFixture.failure;
import static io.tern.resolver.dns.ResolverFixture.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsRecordType;
import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * CNAME chains: followed within one answer and across queries, cached per link, refused when they
 * loop or run longer than the limit; records off the chain are ignored.
 */
class CnameTest {
  private final ResolverFixture fixture = new ResolverFixture();
  private ScriptedDnsServer server;

  @AfterEach
  void stop() throws Exception {
    server.close();
    fixture.close();
  }

  private DnsNameResolverBuilder builder() {
    return fixture.builder(server).resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY);
  }

  @Test
  void followsAChainWithinOneAnswer() throws Exception {
    server =
        new ScriptedDnsServer(
            ex ->
                List.of(
                    Answers.reply(ex.query())
                        .addAnswer(Answers.cname("www.test.", "edge.test.", 300))
                        .addAnswer(Answers.cname("edge.test.", "host.cdn.test.", 300))
                        .addAnswer(Answers.a("host.cdn.test.", "192.0.2.80", 300))
                        .build()));
    DnsNameResolver resolver = builder().build();
    assertThat(get(resolver.resolve("www.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.80"));
    // every link is cached: the alias and the end of the chain answer without a query
    assertThat(get(resolver.resolve("edge.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.80"));
    assertThat(get(resolver.resolve("www.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.80"));
    assertThat(server.udpQueries()).isEqualTo(1);
    get(resolver.close());
  }

  @Test
  void asksForTheEndOfAChainTheAnswerHasNoDataFor() throws Exception {
    server =
        new ScriptedDnsServer(
            ex -> {
              DnsMessage q = ex.query();
              if (Answers.name(q).equals("www.test.")) {
                return List.of(
                    Answers.reply(q)
                        .addAnswer(Answers.cname("www.test.", "elsewhere.test.", 300))
                        .build());
              }
              return Answers.addresses(q, 300, "192.0.2.81");
            });
    DnsNameResolver resolver = builder().build();
    assertThat(get(resolver.resolve("www.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.81"));
    assertThat(server.log())
        .extracting(e -> Answers.name(e.query()))
        .containsExactly("www.test.", "elsewhere.test.");
    get(resolver.close());
  }

  @Test
  void aLoopWithinOneAnswerIsRefused() throws Exception {
    server =
        new ScriptedDnsServer(
            ex ->
                List.of(
                    Answers.reply(ex.query())
                        .addAnswer(Answers.cname("a.test.", "b.test.", 300))
                        .addAnswer(Answers.cname("b.test.", "a.test.", 300))
                        .build()));
    DnsNameResolver resolver = builder().build();
    assertThat(failure(resolver.resolve("a.test")))
        .isInstanceOf(DnsNameResolverException.class)
        .hasMessageContaining("CNAME loop");
    get(resolver.close());
  }

  @Test
  void aLoopAcrossQueriesIsRefused() throws Exception {
    server =
        new ScriptedDnsServer(
            ex -> {
              DnsMessage q = ex.query();
              String target = Answers.name(q).equals("a.test.") ? "b.test." : "a.test.";
              return List.of(
                  Answers.reply(q).addAnswer(Answers.cname(Answers.name(q), target, 300)).build());
            });
    DnsNameResolver resolver = builder().build();
    assertThat(failure(resolver.resolve("a.test")))
        .isInstanceOf(DnsNameResolverException.class)
        .hasMessageContaining("CNAME loop");
    assertThat(server.udpQueries()).isEqualTo(2);
    get(resolver.close());
  }

  @Test
  void aChainLongerThanTheLimitIsRefused() throws Exception {
    server =
        new ScriptedDnsServer(
            ex -> {
              DnsMessage.Builder b = Answers.reply(ex.query());
              for (int i = 0; i < 5; i++) {
                b.addAnswer(Answers.cname("c" + i + ".test.", "c" + (i + 1) + ".test.", 300));
              }
              return List.of(b.addAnswer(Answers.a("c5.test.", "192.0.2.5", 300)).build());
            });
    DnsNameResolver tooShort = builder().maxCnameDepth(4).build();
    assertThat(failure(tooShort.resolve("c0.test")))
        .isInstanceOf(DnsNameResolverException.class)
        .hasMessageContaining("longer than 4");
    get(tooShort.close());
    DnsNameResolver enough = builder().maxCnameDepth(5).build();
    assertThat(get(enough.resolve("c0.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.5"));
    get(enough.close());
  }

  @Test
  void recordsOffTheChainAreIgnored() throws Exception {
    server =
        new ScriptedDnsServer(
            ex -> {
              DnsMessage q = ex.query();
              if (Answers.type(q).equals(DnsRecordType.A) && Answers.name(q).equals("www.test.")) {
                return List.of(
                    Answers.reply(q)
                        .addAnswer(Answers.a("bank.test.", "203.0.113.66", 300)) // planted
                        .addAnswer(Answers.a("www.test.", "192.0.2.1", 300))
                        .build());
              }
              return Answers.addresses(q, 300, "192.0.2.200");
            });
    DnsNameResolver resolver = builder().build();
    assertThat(get(resolver.resolveAll("www.test")))
        .containsExactly(InetAddress.ofLiteral("192.0.2.1"));
    assertThat(get(resolver.resolve("bank.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.200"));
    assertThat(server.udpQueries()).isEqualTo(2);
    get(resolver.close());
  }

  @Test
  void onlyTheFirstAnswerRecordsAreExamined() throws Exception {
    server =
        new ScriptedDnsServer(
            ex -> {
              DnsMessage.Builder b = Answers.reply(ex.query());
              for (int i = 1; i <= 10; i++) {
                b.addAnswer(Answers.a("many.test.", "192.0.2." + i, 300));
              }
              return List.of(b.build());
            });
    DnsNameResolver resolver = builder().maxAnswerRecords(3).build();
    assertThat(get(resolver.resolveAll("many.test"))).hasSize(3);
    get(resolver.close());
  }
}

package io.tern.resolver.dns;

import static io.tern.resolver.dns.ResolverFixture.failure;
import static io.tern.resolver.dns.ResolverFixture.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsResponseCode;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Timeouts, retries across servers, {@code rotate}, server failures, and truncated answers asked
 * again over TCP.
 */
class RetryTest {
  private final ResolverFixture fixture = new ResolverFixture();
  private ScriptedDnsServer first;
  private ScriptedDnsServer second;

  @AfterEach
  void stop() throws Exception {
    if (first != null) {
      first.close();
    }
    if (second != null) {
      second.close();
    }
    fixture.close();
  }

  private DnsNameResolverBuilder builder(ScriptedDnsServer... servers) {
    return fixture.builder(servers).resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY);
  }

  @Test
  void aSilentServerTimesOutAfterEveryAttempt() throws Exception {
    first = new ScriptedDnsServer(ex -> List.of());
    second = new ScriptedDnsServer(ex -> List.of());
    DnsNameResolver resolver =
        builder(first, second).queryTimeout(Duration.ofMillis(200)).attempts(2).build();
    Throwable cause = failure(resolver.resolve("silent.test"));
    assertThat(cause)
        .isInstanceOfSatisfying(
            DnsNameResolverTimeoutException.class,
            e -> {
              assertThat(e.hostname()).isEqualTo("silent.test");
              assertThat(e.responseCode()).isNull();
              assertThat(e).hasMessageContaining("4 attempts");
            });
    assertThat(first.udpQueries()).isEqualTo(2);
    assertThat(second.udpQueries()).isEqualTo(2);
    get(resolver.close());
  }

  @Test
  void aTimeoutMovesOnToTheNextServer() throws Exception {
    first = new ScriptedDnsServer(ex -> List.of());
    second = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 60, "192.0.2.2"));
    DnsNameResolver resolver = builder(first, second).queryTimeout(Duration.ofMillis(200)).build();
    assertThat(get(resolver.resolve("www.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.2"));
    assertThat(first.udpQueries()).isEqualTo(1);
    get(resolver.close());
  }

  @Test
  void aServerFailureMovesOnToTheNextServer() throws Exception {
    first =
        new ScriptedDnsServer(
            ex ->
                List.of(Answers.reply(ex.query()).responseCode(DnsResponseCode.SERVFAIL).build()));
    second = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 60, "192.0.2.2"));
    DnsNameResolver resolver = builder(first, second).build();
    assertThat(get(resolver.resolve("www.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.2"));
    get(resolver.close());
  }

  @Test
  void everyServerFailingNamesTheCode() throws Exception {
    first =
        new ScriptedDnsServer(
            ex -> List.of(Answers.reply(ex.query()).responseCode(DnsResponseCode.REFUSED).build()));
    DnsNameResolver resolver = builder(first).attempts(3).build();
    assertThat(failure(resolver.resolve("www.test")))
        .isInstanceOfSatisfying(
            DnsNameResolverException.class,
            e -> assertThat(e.responseCode()).isEqualTo(DnsResponseCode.REFUSED))
        .isNotInstanceOf(DnsNameResolverTimeoutException.class);
    assertThat(first.udpQueries()).isEqualTo(3);
    get(resolver.close());
  }

  @Test
  void nxdomainIsAnAnswerNotAFailure() throws Exception {
    first = new ScriptedDnsServer(ex -> Answers.nxdomain(ex.query(), 60));
    second = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 60, "192.0.2.2"));
    DnsNameResolver resolver = builder(first, second).build();
    assertThat(failure(resolver.resolve("gone.test")))
        .isInstanceOfSatisfying(
            DnsNameResolverException.class,
            e -> assertThat(e.responseCode()).isEqualTo(DnsResponseCode.NXDOMAIN));
    assertThat(second.log()).isEmpty();
    get(resolver.close());
  }

  @Test
  void withoutRotateEveryQueryStartsAtTheFirstServer() throws Exception {
    first = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 0, "192.0.2.1"));
    second = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 0, "192.0.2.2"));
    DnsNameResolver resolver = builder(first, second).build();
    for (int i = 0; i < 4; i++) {
      assertThat(get(resolver.resolve("n" + i + ".test")))
          .isEqualTo(InetAddress.ofLiteral("192.0.2.1"));
    }
    assertThat(second.log()).isEmpty();
    get(resolver.close());
  }

  @Test
  void rotateStartsSuccessiveQueriesAtSuccessiveServers() throws Exception {
    first = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 0, "192.0.2.1"));
    second = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 0, "192.0.2.2"));
    DnsNameResolver resolver = builder(first, second).rotate(true).build();
    for (int i = 0; i < 4; i++) {
      get(resolver.resolve("n" + i + ".test"));
    }
    assertThat(first.udpQueries()).isEqualTo(2);
    assertThat(second.udpQueries()).isEqualTo(2);
    get(resolver.close());
  }

  @Test
  void aTruncatedAnswerIsAskedAgainOverTcp() throws Exception {
    first =
        new ScriptedDnsServer(
            ex -> {
              DnsMessage q = ex.query();
              if (!ex.tcp()) {
                return List.of(Answers.reply(q).truncated(true).build());
              }
              DnsMessage.Builder b = Answers.reply(q);
              for (int i = 1; i <= 100; i++) {
                b.addAnswer(Answers.a(Answers.name(q), "10.0.0." + i, 60));
              }
              return List.of(b.build());
            });
    DnsNameResolver resolver = builder(first).maxAnswerRecords(200).build();
    List<InetAddress> all = get(resolver.resolveAll("big.test"));
    assertThat(all).hasSize(100).contains(InetAddress.ofLiteral("10.0.0.100"));
    assertThat(first.udpQueries()).isEqualTo(1);
    assertThat(first.tcpQueries()).isEqualTo(1);
    assertThat(resolver.tcpQueriesSent()).isEqualTo(1);
    get(resolver.close());
  }

  @Test
  void withoutTcpFallbackATruncatedAnswerIsUsedAsItIs() throws Exception {
    first =
        new ScriptedDnsServer(
            ex ->
                List.of(
                    Answers.reply(ex.query())
                        .truncated(true)
                        .addAnswer(Answers.a(Answers.name(ex.query()), "192.0.2.9", 60))
                        .build()));
    DnsNameResolver resolver = builder(first).tcpFallback(false).build();
    assertThat(get(resolver.resolve("big.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.9"));
    assertThat(first.tcpQueries()).isZero();
    get(resolver.close());
  }
}

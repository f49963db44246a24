package io.tern.resolver.dns;

import static io.tern.resolver.dns.ResolverFixture.failure;
import static io.tern.resolver.dns.ResolverFixture.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.dns.DnsResponseCode;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.MockTicker;
import io.tern.common.concurrent.Ticker;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The caches on an injected clock: an answer is reused until its TTL runs out, a negative answer
 * for the SOA's minimum (and not at all without an SOA), and the bound on entries holds.
 */
class DnsCachingTest {
  private final ResolverFixture fixture = new ResolverFixture();
  private final MockTicker clock = Ticker.newMockTicker();
  private ScriptedDnsServer server;

  @AfterEach
  void stop() throws Exception {
    server.close();
    fixture.close();
  }

  private DnsNameResolver resolver() {
    return fixture
        .builder(server)
        .ticker(clock)
        .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
        .build();
  }

  @Test
  void anAnswerIsReusedUntilItsTtlRunsOut() throws Exception {
    server = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 30, "192.0.2.1"));
    DnsNameResolver resolver = resolver();
    assertThat(get(resolver.resolve("www.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.1"));
    clock.advance(29, TimeUnit.SECONDS);
    assertThat(get(resolver.resolve("WWW.test."))).isEqualTo(InetAddress.ofLiteral("192.0.2.1"));
    assertThat(server.udpQueries()).isEqualTo(1);
    clock.advance(1, TimeUnit.SECONDS);
    assertThat(get(resolver.resolve("www.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.1"));
    assertThat(server.udpQueries()).isEqualTo(2);
    get(resolver.close());
  }

  @Test
  void aZeroTtlIsNotCached() throws Exception {
    server = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 0, "192.0.2.1"));
    DnsNameResolver resolver = resolver();
    get(resolver.resolve("www.test"));
    get(resolver.resolve("www.test"));
    assertThat(server.udpQueries()).isEqualTo(2);
    get(resolver.close());
  }

  @Test
  void aNegativeAnswerIsCachedForTheSoaMinimum() throws Exception {
    server = new ScriptedDnsServer(ex -> Answers.nxdomain(ex.query(), 60));
    DnsNameResolver resolver = resolver();
    Throwable first = failure(resolver.resolve("gone.test"));
    assertThat(first)
        .isInstanceOfSatisfying(
            DnsNameResolverException.class,
            e -> {
              assertThat(e.hostname()).isEqualTo("gone.test");
              assertThat(e.responseCode()).isEqualTo(DnsResponseCode.NXDOMAIN);
            });
    clock.advance(59, TimeUnit.SECONDS);
    assertThat(failure(resolver.resolve("gone.test"))).isInstanceOf(DnsNameResolverException.class);
    assertThat(server.udpQueries()).isEqualTo(1);
    clock.advance(1, TimeUnit.SECONDS);
    failure(resolver.resolve("gone.test"));
    assertThat(server.udpQueries()).isEqualTo(2);
    get(resolver.close());
  }

  @Test
  void noDataIsCachedAsNegativeToo() throws Exception {
    server =
        new ScriptedDnsServer(
            ex ->
                List.of(
                    Answers.reply(ex.query()).addAuthority(Answers.soa("test.", 300, 45)).build()));
    DnsNameResolver resolver = resolver();
    assertThat(failure(resolver.resolve("empty.test")))
        .isInstanceOfSatisfying(
            DnsNameResolverException.class,
            e -> assertThat(e.responseCode()).isEqualTo(DnsResponseCode.NOERROR));
    clock.advance(44, TimeUnit.SECONDS);
    failure(resolver.resolve("empty.test"));
    assertThat(server.udpQueries()).isEqualTo(1);
    get(resolver.close());
  }

  @Test
  void withoutAnSoaANegativeAnswerIsNotCached() throws Exception {
    server =
        new ScriptedDnsServer(
            ex ->
                List.of(Answers.reply(ex.query()).responseCode(DnsResponseCode.NXDOMAIN).build()));
    DnsNameResolver resolver = resolver();
    failure(resolver.resolve("gone.test"));
    failure(resolver.resolve("gone.test"));
    assertThat(server.udpQueries()).isEqualTo(2);
    get(resolver.close());
  }

  @Test
  void theCacheIsBounded() throws Exception {
    server = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 300, "192.0.2.1"));
    DnsNameResolver resolver =
        fixture
            .builder(server)
            .ticker(clock)
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .maxCacheEntries(2)
            .build();
    for (String name : List.of("a.test", "b.test", "c.test")) {
      get(resolver.resolve(name));
    }
    get(resolver.resolve("c.test")); // still cached
    get(resolver.resolve("a.test")); // evicted: asked again
    assertThat(server.log())
        .extracting(e -> Answers.name(e.query()))
        .containsExactly("a.test.", "b.test.", "c.test.", "a.test.");
    get(resolver.close());
  }

  @Test
  void concurrentLookupsOfOneNameShareOneQuery() throws Exception {
    server = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 300, "192.0.2.1"));
    DnsNameResolver resolver = resolver();
    // Both asked in one task of the resolver's loop, so the first cannot be answered in between.
    CompletableFuture<List<Future<InetAddress>>> asked = new CompletableFuture<>();
    resolver
        .eventLoop()
        .execute(
            () ->
                asked.complete(
                    List.of(resolver.resolve("shared.test"), resolver.resolve("shared.test"))));
    List<Future<InetAddress>> both = asked.get(30, TimeUnit.SECONDS);
    assertThat(get(both.get(0))).isEqualTo(get(both.get(1)));
    assertThat(server.udpQueries()).isEqualTo(1);
    get(resolver.close());
  }
}

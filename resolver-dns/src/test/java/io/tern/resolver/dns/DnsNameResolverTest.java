package io.tern.resolver.dns;

import static io.tern.resolver.dns.ResolverFixture.failure;
import static io.tern.resolver.dns.ResolverFixture.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.DnsTxtRecord;
import io.tern.common.concurrent.Future;
import io.tern.transport.bootstrap.Bootstrap;
import io.tern.transport.channel.Channel;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resolutions against a scripted server: both families in parallel in the order asked, literal
 * addresses and the hosts file without a query, raw questions, the resolver as a {@code Bootstrap}
 * address resolver, and closing.
 */
class DnsNameResolverTest {
  private final ResolverFixture fixture = new ResolverFixture();
  private ScriptedDnsServer server;

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    fixture.close();
  }

  private void serveBothFamilies() throws Exception {
    server =
        new ScriptedDnsServer(
            ex -> Answers.addresses(ex.query(), 60, "192.0.2.1", "192.0.2.2", "2001:db8::1"));
  }

  @Test
  void asksForBothFamiliesInParallelAndPutsIpv4FirstByDefault() throws Exception {
    serveBothFamilies();
    DnsNameResolver resolver = fixture.builder(server).build();
    List<InetAddress> all = get(resolver.resolveAll("www.test"));
    assertThat(all)
        .containsExactly(
            InetAddress.ofLiteral("192.0.2.1"),
            InetAddress.ofLiteral("192.0.2.2"),
            InetAddress.ofLiteral("2001:db8::1"));
    assertThat(all.get(0).getHostName()).isEqualTo("www.test");
    assertThat(server.log())
        .extracting(e -> Answers.type(e.query()))
        .containsExactlyInAnyOrder(DnsRecordType.A, DnsRecordType.AAAA);
    assertThat(get(resolver.resolve("www.test"))).isEqualTo(InetAddress.ofLiteral("192.0.2.1"));
    get(resolver.close());
  }

  @Test
  void ipv6PreferredPutsIpv6First() throws Exception {
    serveBothFamilies();
    DnsNameResolver resolver =
        fixture.builder(server).resolvedAddressTypes(ResolvedAddressTypes.IPV6_PREFERRED).build();
    assertThat(get(resolver.resolveAll("www.test")))
        .containsExactly(
            InetAddress.ofLiteral("2001:db8::1"),
            InetAddress.ofLiteral("192.0.2.1"),
            InetAddress.ofLiteral("192.0.2.2"));
    get(resolver.close());
  }

  @Test
  void oneFamilyOnlyAsksOneQuestion() throws Exception {
    serveBothFamilies();
    DnsNameResolver resolver =
        fixture.builder(server).resolvedAddressTypes(ResolvedAddressTypes.IPV6_ONLY).build();
    assertThat(get(resolver.resolveAll("www.test")))
        .containsExactly(InetAddress.ofLiteral("2001:db8::1"));
    assertThat(server.log()).hasSize(1);
    assertThat(Answers.type(server.log().get(0).query())).isEqualTo(DnsRecordType.AAAA);
    get(resolver.close());
  }

  @Test
  void oneFamilyWithoutDataStillGivesTheOther() throws Exception {
    server = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 60, "192.0.2.7"));
    DnsNameResolver resolver =
        fixture.builder(server).resolvedAddressTypes(ResolvedAddressTypes.IPV6_PREFERRED).build();
    assertThat(get(resolver.resolveAll("v4only.test")))
        .containsExactly(InetAddress.ofLiteral("192.0.2.7"));
    get(resolver.close());
  }

  @Test
  void literalAddressesNeedNoQuery() throws Exception {
    serveBothFamilies();
    DnsNameResolver resolver = fixture.builder(server).build();
    assertThat(get(resolver.resolve("192.0.2.55"))).isEqualTo(InetAddress.ofLiteral("192.0.2.55"));
    assertThat(get(resolver.resolve("[2001:db8::55]")))
        .isEqualTo(InetAddress.ofLiteral("2001:db8::55"));
    assertThat(server.log()).isEmpty();
    assertThat(resolver.openSockets()).isZero();
    get(resolver.close());
  }

  @Test
  void theHostsFileAnswersBeforeAnyQuery(@TempDir Path dir) throws Exception {
    serveBothFamilies();
    Path hosts = dir.resolve("hosts");
    Files.writeString(hosts, "192.0.2.77 static.test alias.test\n2001:db8::77 static.test\n");
    DnsNameResolver resolver = fixture.builder(server).hostsFile(hosts).build();
    assertThat(get(resolver.resolveAll("STATIC.test")))
        .containsExactly(
            InetAddress.ofLiteral("192.0.2.77"), InetAddress.ofLiteral("2001:db8::77"));
    assertThat(get(resolver.resolve("alias.test."))).isEqualTo(InetAddress.ofLiteral("192.0.2.77"));
    assertThat(server.log()).isEmpty();
    get(resolver.close());
  }

  @Test
  void anInvalidNameFailsWithoutAQuery() throws Exception {
    serveBothFamilies();
    DnsNameResolver resolver = fixture.builder(server).build();
    assertThat(failure(resolver.resolve("a..b")))
        .isInstanceOf(DnsNameResolverException.class)
        .hasMessageContaining("a..b");
    assertThat(failure(resolver.resolve("x".repeat(64) + ".test")))
        .isInstanceOf(DnsNameResolverException.class);
    assertThat(server.log()).isEmpty();
    get(resolver.close());
  }

  @Test
  void queryAsksAnyTypeAsItIs() throws Exception {
    server =
        new ScriptedDnsServer(
            ex ->
                List.of(
                    Answers.reply(ex.query())
                        .addAnswer(
                            new DnsTxtRecord(
                                Answers.name(ex.query()), 1, 60, List.of("v=spf1 -all")))
                        .build()));
    DnsNameResolver resolver = fixture.builder(server).build();
    DnsMessage response = get(resolver.query(DnsQuestion.of("mail.test", DnsRecordType.TXT)));
    assertThat(response.answers())
        .singleElement()
        .isInstanceOfSatisfying(
            DnsTxtRecord.class, t -> assertThat(t.strings()).containsExactly("v=spf1 -all"));
    get(resolver.close());
  }

  @Test
  void connectsABootstrapThroughTheResolver() throws Exception {
    try (ServerSocket target = new ServerSocket(0, 1, InetAddress.ofLiteral("127.0.0.1"))) {
      server = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 60, "127.0.0.1"));
      DnsNameResolver resolver = fixture.builder(server).build();
      Channel ch =
          get(
              new Bootstrap()
                  .group(fixture.group)
                  .channelFactory(NioSocketChannel::new)
                  .resolver(resolver)
                  .handler(new ChannelHandler() {})
                  .connect("service.test", target.getLocalPort()));
      try (Socket accepted = target.accept()) {
        assertThat(ch.remoteAddress())
            .isEqualTo(
                new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), target.getLocalPort()));
        assertThat(accepted.getPort()).isEqualTo(((InetSocketAddress) ch.localAddress()).getPort());
      }
      get(ch.close());
      get(resolver.close());
    }
  }

  @Test
  void asAnAddressResolverItResolvesOnlyUnresolvedAddresses() throws Exception {
    serveBothFamilies();
    DnsNameResolver resolver =
        fixture.builder(server).resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY).build();
    InetSocketAddress resolved = new InetSocketAddress(InetAddress.ofLiteral("192.0.2.99"), 80);
    assertThat(get(resolver.resolve(resolved, fixture.group.next()))).isSameAs(resolved);
    assertThat(
            get(
                resolver.resolve(
                    InetSocketAddress.createUnresolved("www.test", 8443), fixture.group.next())))
        .isEqualTo(new InetSocketAddress(InetAddress.ofLiteral("192.0.2.1"), 8443));
    assertThat(server.log()).hasSize(1);
    get(resolver.close());
  }

  @Test
  void closingFailsWhatIsInFlightAtOnce() throws Exception {
    server = new ScriptedDnsServer(ex -> List.of()); // never answers
    DnsNameResolver resolver =
        fixture
            .builder(server)
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .queryTimeout(Duration.ofMinutes(5))
            .build();
    Future<InetAddress> pending = resolver.resolve("www.test");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (server.log().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(10); // a bounded wait for the query to reach the server
    }
    assertThat(server.log()).hasSize(1);
    get(resolver.close());
    // long before the five-minute timeout: closing failed the query
    assertThat(failure(pending))
        .isInstanceOf(DnsNameResolverException.class)
        .hasMessageContaining("closed");
    assertThat(resolver.openSockets()).isZero();
  }

  @Test
  void closingClosesEverySocketAndFailsLaterResolutions() throws Exception {
    serveBothFamilies();
    DnsNameResolver resolver = fixture.builder(server).build();
    get(resolver.resolveAll("www.test"));
    assertThat(resolver.openSockets()).isPositive();
    get(resolver.close());
    assertThat(resolver.openSockets()).isZero();
    assertThat(failure(resolver.resolve("other.test")))
        .isInstanceOf(DnsNameResolverException.class)
        .hasMessageContaining("closed");
  }
}

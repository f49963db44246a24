package io.tern.resolver.dns;

import static io.tern.resolver.dns.ResolverFixture.failure;
import static io.tern.resolver.dns.ResolverFixture.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.dns.DnsResponseCode;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The search list and {@code ndots}, from the builder and from a {@code resolv.conf} file. */
class SearchDomainTest {
  private final ResolverFixture fixture = new ResolverFixture();
  private ScriptedDnsServer server;

  @AfterEach
  void stop() throws Exception {
    server.close();
    fixture.close();
  }

  /** Knows only {@code www.lab.example.} and {@code www.example.}; NXDOMAIN for the rest. */
  private void start() throws Exception {
    server =
        new ScriptedDnsServer(
            ex ->
                switch (Answers.name(ex.query())) {
                  case "www.lab.example." -> Answers.addresses(ex.query(), 60, "192.0.2.10");
                  case "www.example." -> Answers.addresses(ex.query(), 60, "192.0.2.20");
                  default -> Answers.nxdomain(ex.query(), 60);
                });
  }

  private List<String> asked() {
    return server.log().stream().map(e -> Answers.name(e.query())).distinct().toList();
  }

  @Test
  void aShortNameTriesTheSearchListInOrder() throws Exception {
    start();
    DnsNameResolver resolver =
        fixture
            .builder(server)
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .searchDomains(List.of("corp.example", "lab.example."))
            .build();
    assertThat(get(resolver.resolve("www"))).isEqualTo(InetAddress.ofLiteral("192.0.2.10"));
    assertThat(asked()).containsExactly("www.corp.example.", "www.lab.example.");
    get(resolver.close());
  }

  @Test
  void aNameWithNdotsDotsIsTriedAsGivenFirst() throws Exception {
    start();
    DnsNameResolver resolver =
        fixture
            .builder(server)
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .searchDomains(List.of("corp.example"))
            .ndots(1)
            .build();
    assertThat(get(resolver.resolve("www.example"))).isEqualTo(InetAddress.ofLiteral("192.0.2.20"));
    assertThat(asked()).containsExactly("www.example.");
    get(resolver.close());
  }

  @Test
  void ndotsFromResolvConfPutsTheSearchListFirst(@TempDir Path dir) throws Exception {
    start();
    Path conf = dir.resolve("resolv.conf");
    Files.writeString(conf, "search lab.example\noptions ndots:2 timeout:3 attempts:1\n");
    DnsNameResolver resolver =
        fixture
            .builder(server)
            .resolvConf(conf)
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .build();
    // one dot, fewer than ndots: www.example.lab.example. is asked before www.example.
    assertThat(get(resolver.resolve("www.example"))).isEqualTo(InetAddress.ofLiteral("192.0.2.20"));
    assertThat(asked()).containsExactly("www.example.lab.example.", "www.example.");
    get(resolver.close());
  }

  @Test
  void anAbsoluteNameSkipsTheSearchList() throws Exception {
    start();
    DnsNameResolver resolver =
        fixture
            .builder(server)
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .searchDomains(List.of("lab.example"))
            .build();
    assertThat(failure(resolver.resolve("www.")))
        .isInstanceOfSatisfying(
            DnsNameResolverException.class,
            e -> assertThat(e.responseCode()).isEqualTo(DnsResponseCode.NXDOMAIN));
    assertThat(asked()).containsExactly("www.");
    get(resolver.close());
  }

  @Test
  void whenNoCandidateExistsTheFailureIsNxdomain() throws Exception {
    start();
    DnsNameResolver resolver =
        fixture
            .builder(server)
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .searchDomains(List.of("corp.example"))
            .build();
    assertThat(failure(resolver.resolve("nothing")))
        .isInstanceOfSatisfying(
            DnsNameResolverException.class,
            e -> {
              assertThat(e.responseCode()).isEqualTo(DnsResponseCode.NXDOMAIN);
              assertThat(e.hostname()).isEqualTo("nothing");
            });
    assertThat(asked()).containsExactly("nothing.corp.example.", "nothing.");
    get(resolver.close());
  }
}

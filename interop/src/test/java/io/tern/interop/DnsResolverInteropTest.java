package io.tern.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsRecord;
import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.DnsResponseCode;
import io.tern.codec.dns.DnsTxtRecord;
import io.tern.common.concurrent.Future;
import io.tern.resolver.dns.DnsNameResolver;
import io.tern.resolver.dns.DnsNameResolverBuilder;
import io.tern.resolver.dns.DnsNameResolverException;
import io.tern.resolver.dns.DnsNameResolverTimeoutException;
import io.tern.resolver.dns.ResolvedAddressTypes;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.nio.NioIoHandler;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Tern's resolver against dnsmasq (a real DNS server nobody here wrote), started on 127.0.0.1 with
 * a private local zone: A and AAAA, a CNAME chain, NXDOMAIN, a TXT answer too large for the UDP
 * payload the resolver advertises (dnsmasq truncates it, the resolver asks again over TCP), and a
 * "server" that never answers (a UDP socket the test binds and never reads) for the timeout path.
 */
@Tag("interop")
class DnsResolverInteropTest {
  /** Twelve strings of 250 bytes: about 3 KB, well past the 1,232 bytes advertised. */
  private static final List<String> BIG_TXT = bigTxt();

  private static Peer dnsmasq;
  private static InetSocketAddress server;
  private static EventLoopGroup group;

  private static List<String> bigTxt() {
    List<String> strings = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      strings.add(String.valueOf((char) ('a' + i)).repeat(250));
    }
    return List.copyOf(strings);
  }

  @BeforeAll
  static void start() {
    int port = FreePort.find();
    List<String> args =
        new ArrayList<>(
            List.of(
                "--keep-in-foreground",
                "--log-facility=-",
                "--conf-file=/dev/null",
                "--no-resolv",
                "--no-hosts",
                "--no-poll",
                "--bind-interfaces",
                "--listen-address=127.0.0.1",
                "--port=" + port,
                "--local=/test/",
                "--local-ttl=60",
                "--host-record=www.test,192.0.2.10,2001:db8::10",
                "--host-record=v4.test,192.0.2.11",
                "--cname=alias1.test,www.test",
                "--cname=alias2.test,alias1.test"));
    args.add(
        // No shell between us and dnsmasq: quotes would reach it and become part of the text.
        "--txt-record=big.test," + String.join(",", BIG_TXT));
    Peer.Builder peer = Peer.command("dnsmasq", "apt package dnsmasq-base");
    args.add("--pid-file=" + peer.directory().resolve("dnsmasq.pid"));
    dnsmasq = peer.args(args.toArray(String[]::new)).readyOnPort(port).start();
    server = new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), port);
    group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  }

  @AfterAll
  static void stop() throws Exception {
    if (group != null) {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
    if (dnsmasq != null) {
      dnsmasq.close();
    }
  }

  private static DnsNameResolverBuilder builder(InetSocketAddress nameServer) {
    Path none = Path.of("/nonexistent/tern-interop");
    return DnsNameResolver.builder(group.next())
        .resolvConf(none.resolve("resolv.conf"))
        .hostsFile(none.resolve("hosts"))
        .nameServers(List.of(nameServer))
        .queryTimeout(Duration.ofSeconds(5))
        .attempts(1);
  }

  private static <T> T get(Future<T> f) throws Exception {
    if (!f.await(30, TimeUnit.SECONDS)) {
      throw new AssertionError("not done in 30 s; dnsmasq said:\n" + dnsmasq.output());
    }
    if (!f.isSuccess()) {
      throw new ExecutionException(f.cause());
    }
    return f.getNow();
  }

  private static Throwable failure(Future<?> f) throws Exception {
    if (!f.await(60, TimeUnit.SECONDS)) {
      throw new AssertionError("not done in 60 s");
    }
    assertThat(f.isSuccess()).as("expected a failure").isFalse();
    return f.cause();
  }

  @Test
  void resolvesBothFamiliesInPreferenceOrder() throws Exception {
    DnsNameResolver resolver = builder(server).build();
    assertThat(get(resolver.resolveAll("www.test")))
        .containsExactly(
            InetAddress.ofLiteral("192.0.2.10"), InetAddress.ofLiteral("2001:db8::10"));
    DnsNameResolver v6first =
        builder(server).resolvedAddressTypes(ResolvedAddressTypes.IPV6_PREFERRED).build();
    assertThat(get(v6first.resolveAll("www.test")))
        .containsExactly(
            InetAddress.ofLiteral("2001:db8::10"), InetAddress.ofLiteral("192.0.2.10"));
    assertThat(get(resolver.resolveAll("v4.test")))
        .containsExactly(InetAddress.ofLiteral("192.0.2.11"));
    get(resolver.close());
    get(v6first.close());
  }

  @Test
  void followsACnameChain() throws Exception {
    DnsNameResolver resolver = builder(server).build();
    assertThat(get(resolver.resolveAll("alias2.test")))
        .containsExactly(
            InetAddress.ofLiteral("192.0.2.10"), InetAddress.ofLiteral("2001:db8::10"));
    DnsMessage raw = get(resolver.query(DnsQuestion.of("alias2.test", DnsRecordType.A)));
    assertThat(raw.answers())
        .extracting(DnsRecord::type)
        .containsExactly(DnsRecordType.CNAME, DnsRecordType.CNAME, DnsRecordType.A);
    get(resolver.close());
  }

  @Test
  void anUnknownNameIsNxdomain() throws Exception {
    DnsNameResolver resolver = builder(server).build();
    assertThat(failure(resolver.resolve("nothing.test")))
        .isInstanceOfSatisfying(
            DnsNameResolverException.class,
            e -> {
              assertThat(e.responseCode()).isEqualTo(DnsResponseCode.NXDOMAIN);
              assertThat(e.hostname()).isEqualTo("nothing.test");
            });
    get(resolver.close());
  }

  @Test
  void aTruncatedAnswerIsFetchedOverTcp() throws Exception {
    DnsNameResolver resolver = builder(server).build();
    DnsMessage response = get(resolver.query(DnsQuestion.of("big.test", DnsRecordType.TXT)));
    assertThat(response.isTruncated()).isFalse();
    assertThat(response.answers())
        .singleElement()
        .isInstanceOfSatisfying(
            DnsTxtRecord.class, t -> assertThat(t.strings()).containsExactlyElementsOf(BIG_TXT));
    assertThat(resolver.tcpQueriesSent()).isEqualTo(1);
    get(resolver.close());
  }

  @Test
  void aServerThatNeverAnswersTimesOut() throws Exception {
    try (DatagramSocket silent = new DatagramSocket(0, InetAddress.ofLiteral("127.0.0.1"))) {
      InetSocketAddress blackHole =
          new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), silent.getLocalPort());
      DnsNameResolver resolver =
          builder(blackHole).queryTimeout(Duration.ofMillis(300)).attempts(2).build();
      assertThat(failure(resolver.resolve("www.test")))
          .isInstanceOfSatisfying(
              DnsNameResolverTimeoutException.class,
              e -> assertThat(e).hasMessageContaining("2 attempts"));
      get(resolver.close());
    }
  }
}

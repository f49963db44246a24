package io.tern.examples.dns;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.nio.NioIoHandler;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * dig (BIND's client, a real resolver nobody here wrote) against the {@code dns-server} example:
 * every record type the zone serves, over UDP and over TCP ({@code +tcp}), NXDOMAIN for a missing
 * name, and an answer too large for a datagram that dig sees truncated and fetches over TCP.
 */
@Tag("interop")
class DnsServerDigInteropTest {
  private static EventLoopGroup group;
  private static DnsServer server;

  @BeforeAll
  static void start() throws Exception {
    StringBuilder zone = new StringBuilder(ZoneAnswererTest.ZONE);
    for (int i = 0; i < 10; i++) {
      zone.append("big TXT \"").append("y".repeat(200)).append(i).append("\"\n");
    }
    group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
    server =
        DnsServer.start(
            group,
            new InetSocketAddress(InetAddress.ofLiteral("127.0.0.1"), 0),
            Zone.parse(zone.toString()));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  private record Result(int exit, String output) {}

  private static Result dig(String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                "dig",
                "@127.0.0.1",
                "-p",
                String.valueOf(server.address().getPort()),
                "+time=5",
                "+tries=1",
                "+norecurse")); // an authoritative server: no "recursion not available" warning
    command.addAll(List.of(args));
    Path log = Files.createTempFile("tern-dig", ".log");
    try {
      Process p;
      try {
        p =
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
      } catch (IOException e) {
        throw new AssertionError("dig is not installed (apt package bind9-dnsutils): " + e, e);
      }
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        throw new AssertionError("dig did not finish in 60 s");
      }
      return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "+notcp | www.example.test       | A     | 192.0.2.10",
        "+tcp   | www.example.test       | A     | 192.0.2.10",
        "+notcp | www.example.test       | AAAA  | 2001:db8::10",
        "+tcp   | www.example.test       | AAAA  | 2001:db8::10",
        "+notcp | alias.example.test     | CNAME | www.example.test.",
        "+tcp   | alias.example.test     | CNAME | www.example.test.",
        "+notcp | example.test           | NS    | ns1.example.test.",
        "+tcp   | example.test           | NS    | ns1.example.test.",
        "+notcp | example.test           | MX    | 10 mail.example.test.",
        "+tcp   | example.test           | MX    | 10 mail.example.test.",
        "+notcp | example.test           | TXT   | \"v=spf1 -all\" \"second \\\"quoted\\\" string\"",
        "+tcp   | example.test           | TXT   | \"v=spf1 -all\" \"second \\\"quoted\\\" string\"",
        "+notcp | _sip._tcp.example.test | SRV   | 10 60 5060 sip.example.test.",
        "+tcp   | _sip._tcp.example.test | SRV   | 10 60 5060 sip.example.test.",
        "+notcp | example.test           | SOA   | ns1.example.test. admin.example.test. 2026112901 3600 600 86400 60",
        "+tcp   | example.test           | SOA   | ns1.example.test. admin.example.test. 2026112901 3600 600 86400 60",
        "+notcp | example.test           | CAA   | 0 issue \"letsencrypt.org\"",
        "+tcp   | example.test           | CAA   | 0 issue \"letsencrypt.org\""
      })
  void digGetsEveryRecordType(String transport, String name, String type, String expected)
      throws Exception {
    Result r = dig(transport, "+short", name, type);
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output().strip().lines().toList()).as(r.output()).containsExactly(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"+notcp", "+tcp"})
  void aCnameIsFollowedInsideTheZone(String transport) throws Exception {
    Result r = dig(transport, "+short", "alias.example.test", "A");
    assertThat(r.output().strip().lines().toList())
        .as(r.output())
        .containsExactly("www.example.test.", "192.0.2.10");
  }

  @ParameterizedTest
  @ValueSource(strings = {"+notcp", "+tcp"})
  void aMissingNameIsNxdomainWithTheSoa(String transport) throws Exception {
    Result r = dig(transport, "nothing.example.test", "A");
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.output()).contains("status: NXDOMAIN").contains("flags: qr aa");
    assertThat(r.output())
        .containsPattern("AUTHORITY SECTION:\\s+example\\.test\\.\\s+\\d+\\s+IN\\s+SOA");
  }

  @ParameterizedTest
  @ValueSource(strings = {"+noedns", "+bufsize=1232"})
  void aLargeAnswerIsTruncatedOverUdpAndWholeOverTcp(String edns) throws Exception {
    Result udpOnly = dig("+notcp", "+ignore", edns, "big.example.test", "TXT");
    assertThat(udpOnly.output()).as(udpOnly.output()).containsPattern("flags: qr aa tc");
    Result retried = dig(edns, "+short", "big.example.test", "TXT");
    assertThat(retried.output().strip().lines()).as(retried.output()).hasSize(10);
    Result overTcp = dig("+tcp", "+short", "big.example.test", "TXT");
    assertThat(overTcp.output().strip().lines()).as(overTcp.output()).hasSize(10);
  }
}

package io.tern.resolver.dns;

import static io.tern.resolver.dns.ResolverFixture.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsRecordType;
import io.tern.common.concurrent.Future;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The defences against forged answers: a datagram with the wrong id, the wrong question, from the
 * wrong port, or that is not a response is dropped while the query waits on for the real answer;
 * ids come from the secure random source; source ports change as sockets are replaced.
 */
class SpoofingTest {
  private final ResolverFixture fixture = new ResolverFixture();
  private ScriptedDnsServer server;

  @AfterEach
  void stop() throws Exception {
    server.close();
    fixture.close();
  }

  private static DnsMessage forged(DnsMessage query, int id, String name, DnsRecordType type) {
    return DnsMessage.builder()
        .id(id)
        .response(true)
        .addQuestion(DnsQuestion.of(name, type))
        .addAnswer(Answers.a(name, "203.0.113.66", 3600))
        .build();
  }

  @Test
  void mismatchedAnswersAreDroppedAndTheRealOneIsTaken() throws Exception {
    server = new ScriptedDnsServer(ex -> List.of());
    server.script(
        ex -> {
          DnsMessage q = ex.query();
          String name = Answers.name(q);
          // the stranger's datagram: right id and question, wrong source port
          server.sendFromStrangerLater(forged(q, q.id(), name, DnsRecordType.A), ex.client());
          return List.of(
              forged(q, q.id() ^ 1, name, DnsRecordType.A), // wrong id
              forged(q, q.id(), "other.test.", DnsRecordType.A), // wrong name
              forged(q, q.id(), name, DnsRecordType.AAAA), // wrong type
              forged(q, q.id(), name, DnsRecordType.A).toBuilder()
                  .response(false)
                  .build()); // a query
        });
    DnsNameResolver resolver =
        fixture
            .builder(server)
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .queryTimeout(Duration.ofMinutes(1))
            .build();
    Future<InetAddress> result = resolver.resolve("www.test");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (resolver.droppedResponses() < 5 && System.nanoTime() < deadline) {
      Thread.sleep(10); // a bounded wait for the forgeries to arrive, not a timing assertion
    }
    assertThat(resolver.droppedResponses()).isEqualTo(5);
    assertThat(result.isDone()).isFalse();
    ScriptedDnsServer.Exchange ex = server.log().get(0);
    server.send(Answers.addresses(ex.query(), 60, "192.0.2.1").get(0), ex.client());
    assertThat(get(result)).isEqualTo(InetAddress.ofLiteral("192.0.2.1"));
    get(resolver.close());
  }

  @Test
  void idsComeFromTheSecureRandomSource() throws Exception {
    server = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 60, "192.0.2.1"));
    SecureRandom seeded = SecureRandom.getInstance("SHA1PRNG");
    seeded.setSeed(42);
    SecureRandom twin = SecureRandom.getInstance("SHA1PRNG");
    twin.setSeed(42);
    byte[] expected = new byte[512];
    twin.nextBytes(expected);
    DnsNameResolver resolver =
        fixture
            .builder(server)
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .sourcePorts(1, 100)
            .secureRandom(seeded)
            .build();
    for (int i = 0; i < 3; i++) {
      get(resolver.resolve("n" + i + ".test"));
    }
    for (int i = 0; i < 3; i++) {
      int id = ((expected[2 * i] & 0xFF) << 8) | (expected[2 * i + 1] & 0xFF);
      assertThat(server.log().get(i).query().id()).isEqualTo(id);
    }
    get(resolver.close());
  }

  @Test
  void socketsAreReplacedAfterTheirQuotaWithNewPorts() throws Exception {
    server = new ScriptedDnsServer(ex -> Answers.addresses(ex.query(), 60, "192.0.2.1"));
    DnsNameResolver resolver =
        fixture
            .builder(server)
            .resolvedAddressTypes(ResolvedAddressTypes.IPV4_ONLY)
            .sourcePorts(1, 3)
            .build();
    for (int i = 0; i < 7; i++) {
      get(resolver.resolve("n" + i + ".test"));
    }
    Set<Integer> ports = new HashSet<>();
    for (ScriptedDnsServer.Exchange ex : server.log()) {
      ports.add(ex.client().getPort());
    }
    assertThat(ports).hasSize(3);
    List<InetSocketAddress> clients =
        server.log().stream().map(ScriptedDnsServer.Exchange::client).toList();
    assertThat(clients.get(0)).isEqualTo(clients.get(2)).isNotEqualTo(clients.get(3));
    get(resolver.close());
    assertThat(resolver.openSockets()).isZero();
  }
}

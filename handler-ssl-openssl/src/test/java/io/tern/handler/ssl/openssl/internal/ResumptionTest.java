package io.tern.handler.ssl.openssl.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslProvider;
import io.tern.handler.ssl.openssl.OpenSslSessionContext;
import io.tern.handler.ssl.openssl.OpenSslSessionStats;
import java.util.List;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Session resumption by tickets and by the server's cache, seen through the counters. */
class ResumptionTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();

  private static SslContextBuilder server(String protocol) {
    return SslContextBuilder.forServer(CERT).sslProvider(SslProvider.OPENSSL).protocols(protocol);
  }

  private static SslContextBuilder client(SslProvider provider) {
    return SslContextBuilder.forClient()
        .sslProvider(provider)
        .trustManager(List.of(CERT.certificate()));
  }

  private static OpenSslSessionStats stats(SslContext context) {
    return ((OpenSslSessionContext) context.sessionContext()).stats();
  }

  private static void connect(SslContext client, SslContext server, int port) throws Exception {
    SSLEngine c = client.newEngine("localhost", port);
    SSLEngine s = server.newEngine();
    Engines.handshake(c, s);
    Engines.close(c, s);
  }

  @ParameterizedTest(name = "{0}, tickets {1}")
  @CsvSource({"TLSv1.3, true", "TLSv1.3, false", "TLSv1.2, true", "TLSv1.2, false"})
  void theSecondConnectionToAHostAndPortResumes(String protocol, boolean tickets) throws Exception {
    SslContext server = server(protocol).build();
    ((OpenSslSessionContext) server.sessionContext()).setSessionTicketsEnabled(tickets);
    SslContext client = client(SslProvider.OPENSSL).build();

    connect(client, server, 443);
    assertThat(stats(client).resumed()).isZero();
    assertThat(stats(client).sessions()).isOne();
    connect(client, server, 443);
    connect(client, server, 8443); // another port: no session for it yet

    assertThat(stats(client).handshakes()).isEqualTo(3);
    assertThat(stats(client).resumed()).isOne();
    assertThat(stats(server).handshakes()).isEqualTo(3);
    assertThat(stats(server).resumed()).isOne();
    assertThat(stats(server).accepts()).isEqualTo(3);
    assertThat(stats(client).sessions()).isEqualTo(2);
    if (!tickets) {
      assertThat(stats(server).hits()).isOne();
      assertThat(stats(server).sessions()).isPositive();
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"TLSv1.3", "TLSv1.2"})
  void aJdkClientResumesWithAnOpenSslServer(String protocol) throws Exception {
    SslContext server = server(protocol).build();
    SslContext client = client(SslProvider.JDK).build();

    connect(client, server, 443);
    connect(client, server, 443);

    assertThat(stats(server).handshakes()).isEqualTo(2);
    assertThat(stats(server).resumed()).isOne();
  }

  @Test
  void serversSharingTicketKeysResumeEachOthersSessions() throws Exception {
    byte[] keys = new byte[80];
    new java.security.SecureRandom().nextBytes(keys);
    SslContext first = server("TLSv1.3").build();
    SslContext second = server("TLSv1.3").build();
    ((OpenSslSessionContext) first.sessionContext()).setTicketKeys(keys);
    ((OpenSslSessionContext) second.sessionContext()).setTicketKeys(keys);
    SslContext client = client(SslProvider.OPENSSL).build();

    connect(client, first, 443);
    connect(client, second, 443);

    assertThat(stats(second).resumed()).isOne();
  }

  @Test
  void aBoundedClientCacheKeepsTheMostRecentHosts() throws Exception {
    SslContext server = server("TLSv1.3").build();
    SslContext client = client(SslProvider.OPENSSL).sessionCacheSize(2).build();

    for (int port = 1; port <= 5; port++) {
      connect(client, server, port);
    }
    connect(client, server, 1); // evicted: full handshake
    connect(client, server, 5); // kept: resumed

    assertThat(stats(client).sessions()).isEqualTo(2);
    assertThat(stats(client).resumed()).isOne();
  }
}

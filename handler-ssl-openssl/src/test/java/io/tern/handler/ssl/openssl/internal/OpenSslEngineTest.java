package io.tern.handler.ssl.openssl.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContext;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslProvider;
import java.util.List;
import java.util.Random;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OpenSslEngineTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();

  private static SslContext server(String protocol) {
    return SslContextBuilder.forServer(CERT)
        .sslProvider(SslProvider.OPENSSL)
        .protocols(protocol)
        .build();
  }

  private static SslContext client() {
    return SslContextBuilder.forClient()
        .sslProvider(SslProvider.OPENSSL)
        .trustManager(List.of(CERT.certificate()))
        .build();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void handshakesAndMovesDataBothWays(String protocol) throws Exception {
    SSLEngine c = client().newEngine("localhost", 443);
    SSLEngine s = server(protocol).newEngine();

    Engines.handshake(c, s);

    assertThat(c.getSession().getProtocol()).isEqualTo(protocol);
    assertThat(s.getSession().getProtocol()).isEqualTo(protocol);
    assertThat(c.getSession().getPeerCertificates()[0]).isEqualTo(CERT.certificate());
    byte[] data = new byte[100_000];
    new Random(1).nextBytes(data);
    assertThat(Engines.transfer(c, s, data)).isEqualTo(data);
    assertThat(Engines.transfer(s, c, data)).isEqualTo(data);
    Engines.close(c, s);

    assertThat(c.isInboundDone()).isTrue();
    assertThat(c.isOutboundDone()).isTrue();
    assertThat(s.isInboundDone()).isTrue();
    assertThat(s.isOutboundDone()).isTrue();
  }

  @Test
  void closedEnginesFreeTheirNativeConnection() throws Exception {
    SslContext clientContext = client();
    SslContext serverContext = server("TLSv1.3");
    SSLEngine c = clientContext.newEngine("localhost", 443);
    SSLEngine s = serverContext.newEngine();
    assertThat(live(clientContext)).isOne();
    assertThat(live(serverContext)).isOne();

    Engines.handshake(c, s);
    Engines.close(s, c);

    assertThat(live(clientContext)).isZero();
    assertThat(live(serverContext)).isZero();
  }

  static long live(SslContext context) {
    return ((OpenSslSessions) context.sessionContext()).context().liveConnections();
  }
}

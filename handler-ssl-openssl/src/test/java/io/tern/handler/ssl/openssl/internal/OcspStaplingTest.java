package io.tern.handler.ssl.openssl.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslProvider;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** OCSP stapling: the server staples what its supplier returns; the client reads it back. */
class OcspStaplingTest {
  private static final SelfSignedCertificate CERT = SelfSignedCertificate.create();

  private static SSLEngine client(String protocol) {
    return SslContextBuilder.forClient()
        .sslProvider(SslProvider.OPENSSL)
        .protocols(protocol)
        .trustManager(List.of(CERT.certificate()))
        .build()
        .newEngine("localhost", 443);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void theSuppliedResponseIsStapledPerHandshake(String protocol) throws Exception {
    byte[] response = {0x30, 0x03, 0x0a, 0x01, 0x00}; // any DER: the client does not judge it
    AtomicInteger asked = new AtomicInteger();
    var server =
        SslContextBuilder.forServer(CERT)
            .sslProvider(SslProvider.OPENSSL)
            .ocspStapling(
                () -> {
                  asked.incrementAndGet();
                  return response;
                })
            .build();

    SSLEngine c = client(protocol);
    Engines.handshake(c, server.newEngine());

    assertThat(((ExtendedSSLSession) c.getSession()).getStatusResponses())
        .singleElement()
        .isEqualTo(response);
    assertThat(asked).hasValue(1);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void noResponseMeansNothingStapled(String protocol) throws Exception {
    var server =
        SslContextBuilder.forServer(CERT)
            .sslProvider(SslProvider.OPENSSL)
            .ocspStapling(() -> null)
            .build();

    SSLEngine c = client(protocol);
    Engines.handshake(c, server.newEngine());

    assertThat(((ExtendedSSLSession) c.getSession()).getStatusResponses()).isEmpty();
  }

  @org.junit.jupiter.api.Test
  void theJdkProviderRefusesASuppliedResponse() {
    assertThatThrownBy(
            () ->
                SslContextBuilder.forServer(CERT)
                    .sslProvider(SslProvider.JDK)
                    .ocspStapling(() -> new byte[1])
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("OPENSSL");
  }
}
